import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { UpstreamMessage } from '../types.js';
import { composeAnswer, type ComposeInput } from './composeAnswer.js';
import { flowchart } from './flowchart.js';

const compose = (content: string, extra: Partial<ComposeInput> = {}, history: UpstreamMessage[] = []) =>
  composeAnswer({ messages: [...history, { role: 'user', content }], catalogueModel: 'gpt-4o', think: false, webSearch: false, ...extra });

const ZH_CLOSING = '> 以上内容由离线演示模型生成，用于在未配置模型服务时体验产品。';

/** Fenced blocks as [info string, body]. */
const fences = (markdown: string) => [...markdown.matchAll(/^```(\S*)\n([\s\S]*?)\n```$/gm)].map((m) => [m[1]!, m[2]!] as const);
const hasTable = (markdown: string) => /^\|.+\|\n\|(---\|)+\n(\|.+\|\n?)+/m.test(markdown);
const hasHeading = (markdown: string) => /^#{2,3} \S/m.test(markdown);
const hasList = (markdown: string) => /^(- |\d+\. )\S/m.test(markdown);

describe('offline model: composing an answer', () => {
  it('is deterministic: the same request gives the same answer, another model a valid variant', () => {
    const input: ComposeInput = { messages: [{ role: 'user', content: '什么是量子计算？' }], catalogueModel: 'gpt-4o', think: true, webSearch: true };
    assert.deepEqual(composeAnswer(input), composeAnswer(structuredClone(input)));
    const variants = new Set(['gpt-4o', 'gpt-4o-mini', 'claude-opus-4', 'deepseek-chat', 'o3', 'glm-4'].map((model) => composeAnswer({ ...input, catalogueModel: model }).content));
    assert.ok(variants.size > 1, 'the model id takes part in the variation');
  });

  it('restates the topic first and says it is an offline demo answer last (Chinese)', () => {
    const { content } = compose('请问什么是「量子计算」？');
    assert.ok(content.startsWith('关于「什么是量子计算」，'), content.slice(0, 40));
    assert.ok(content.endsWith(ZH_CLOSING));
  });

  it('answers an English question in English', () => {
    const { content, followUps } = compose('What is quantum computing?');
    assert.ok(content.startsWith('Regarding “What is quantum computing”:'), content.slice(0, 60));
    assert.match(content, /offline demo model/);
    assert.doesNotMatch(content, /[\u4e00-\u9fff]/, 'no Chinese at all (the international site shows this answer)');
    assert.ok(followUps.every((question) => question.endsWith('?') && !/[\u4e00-\u9fff]/.test(question)));
  });

  it('gives a code question a fenced block in the asked language, with an explanation', () => {
    const cases: Array<[string, string]> = [
      ['用python写一个快速排序', 'python'],
      ['用 JavaScript 实现防抖', 'javascript'],
      ['写一个 TypeScript 函数，合并两个数组', 'typescript'],
      ['Java 代码：读取文件', 'java'],
      ['用 Go 语言实现一个 LRU 缓存', 'go'],
      ['write a rust function to parse a CSV line', 'rust'],
      ['C++ 代码实现链表反转', 'cpp'],
      ['用 C 语言实现字符串拷贝', 'c'],
      ['C# 代码示例：读取配置', 'csharp'],
      ['写一段 SQL 查询每个部门的平均工资', 'sql'],
      ['写一个 bash 脚本备份目录', 'bash'],
    ];
    for (const [question, language] of cases) {
      const { content } = compose(question);
      const blocks = fences(content);
      assert.equal(blocks.length, 1, question);
      assert.equal(blocks[0]![0], language, question);
      assert.ok(blocks[0]![1].split('\n').length >= 8, question);
      assert.ok(hasHeading(content) && hasList(content), question);
    }
    assert.match(compose('用python写一个快速排序').content, /^# 示例：快速排序/m);
  });

  it('gives a math question inline and block LaTeX', () => {
    for (const question of ['求 x^2 在 0 到 1 上的积分', '求 sin x 的导数', '解方程 x^2 - 5x + 6 = 0', '证明 1 到 n 的和公式', '贝叶斯公式是什么', 'Prove the Pythagorean theorem']) {
      const { content } = compose(question);
      assert.match(content, /(^|[^$])\$[^$\n]+\$(?!\$)/, `inline math: ${question}`);
      assert.match(content, /^\$\$\n[^$]+\n\$\$$/m, `block math: ${question}`);
    }
    assert.match(compose('求 x^2 的积分').content, /\\int_a\^b/);
  });

  it('gives a comparison a markdown table naming both sides', () => {
    const { content } = compose('Python 和 Java 的区别是什么？');
    assert.ok(hasTable(content));
    assert.match(content, /「Python」与「Java」/);
    assert.ok(hasTable(compose('compare postgres and mysql').content));
  });

  it('gives a diagram request a mermaid flowchart with nodes from the topic', () => {
    const { content } = compose('画一个用户注册的流程图：填写手机号、获取验证码、设置密码');
    const mermaid = fences(content).filter(([info]) => info === 'mermaid');
    assert.equal(mermaid.length, 1);
    const chart = mermaid[0]![1];
    assert.match(chart, /^flowchart TD\n/);
    for (const step of ['填写手机号', '获取验证码', '设置密码']) assert.ok(chart.includes(`["${step}"]`), step);
    const generic = fences(compose('Draw a flowchart of the login process').content)[0]!;
    assert.equal(generic[0], 'mermaid');
    assert.match(generic[1], /login process/);
  });

  it('keeps mermaid labels quoted and escaped, whatever the topic holds', () => {
    const chart = flowchart(['输入"用户名"', '校验 [格式]', 'a --> b'], { start: '开始', end: '结束', check: '通过？', yes: '是', no: '否' });
    assert.ok(chart.includes('S1["输入#quot;用户名#quot;"]'));
    assert.ok(chart.includes('S2["校验 [格式]"]'));
    assert.ok(chart.includes('S3["a --> b"]'));
    const fromQuestion = fences(compose('画流程图：输入"用户名"、校验')['content'])[0]![1];
    assert.ok(fromQuestion.split('\n').slice(1).every((line) => /^    \w+/.test(line) && (line.match(/"/g)?.length ?? 0) % 2 === 0), fromQuestion);
  });

  it('gives anything else a heading, a list, a table and a code or quote block', () => {
    for (const question of ['什么是量子计算', '介绍一下长城', '黑洞是怎么形成的', 'Why is the sky blue?', 'Tell me about the Roman empire']) {
      const { content } = compose(question);
      assert.ok(hasHeading(content), question);
      assert.ok(hasList(content), question);
      assert.ok(hasTable(content), question);
      const body = content.slice(0, content.lastIndexOf('\n\n'));
      assert.ok(fences(body).length === 1 || /^> \S/m.test(body), question);
    }
  });

  it('mentions continuing the conversation when there are earlier turns', () => {
    const { content } = compose('它和信息论有什么关系', {}, [
      { role: 'user', content: '什么是熵' },
      { role: 'assistant', content: '熵是……' },
    ]);
    assert.ok(content.startsWith('关于「它和信息论有什么关系」，接着前面关于「什么是熵」的讨论，'));
    assert.doesNotMatch(compose('它和信息论有什么关系').content, /接着前面/);
  });

  it('thinks only for think models', () => {
    assert.equal(compose('什么是熵').reasoning, '');
    const { reasoning } = compose('什么是熵', { think: true });
    assert.ok(reasoning.includes('「什么是熵」'));
    assert.ok(reasoning.split('\n\n').length >= 2);
  });

  it('searches, references three to five illustrative sources and cites them, only for web models', () => {
    assert.equal(compose('什么是熵').searchProgress, undefined);
    assert.deepEqual(compose('什么是熵').references, []);
    assert.doesNotMatch(compose('什么是熵').content, /\[\d\]/);
    const counts = new Set<number>();
    for (const question of ['什么是熵', '量子计算是什么', 'What is entropy?', '用python写快速排序', 'python和java的区别', '画一个下单流程图', '求 x^2 的积分', '介绍一下长城']) {
      const answer = compose(question, { webSearch: true });
      assert.equal(answer.searchProgress, `正在搜索：${answer.question.topic}`);
      assert.ok(answer.references.length >= 3 && answer.references.length <= 5, question);
      counts.add(answer.references.length);
      answer.references.forEach((reference, index) => {
        assert.equal(reference.id, String(index + 1));
        assert.match(reference.url, /^https:\/\/(example\.(com|org|net)|(zh|en)\.wikipedia\.org)\//);
        assert.ok(reference.abstract?.includes('示例来源'));
      });
      assert.ok(answer.content.includes('[1]') && answer.content.includes('[2]'), question);
      const cited = [...answer.content.matchAll(/\[(\d)\]/g)].map((m) => Number(m[1]));
      assert.ok(cited.every((n) => n <= answer.references.length), question);
    }
    assert.ok(counts.size > 1, 'the number of references varies with the question');
  });

  it('suggests three distinct follow-up questions about the topic', () => {
    for (const question of ['什么是熵', '用python写快速排序', 'python和java的区别', '画一个下单流程图', '求 x^2 的积分', 'What is entropy?']) {
      const { followUps, question: q } = compose(question);
      assert.equal(followUps.length, 3, question);
      assert.equal(new Set(followUps).size, 3, question);
      assert.ok(followUps.some((followUp) => followUp.includes(q.subject) || (q.pair && followUp.includes(q.pair[0]))), question);
      assert.ok(followUps.every((followUp) => !followUp.includes('&&')));
    }
  });
});
