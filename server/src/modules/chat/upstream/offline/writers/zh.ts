import { codeLanguageLabel, codeSample } from '../codeSamples.js';
import { flowchart, stepsIn } from '../flowchart.js';
import { mathFormulaFor } from '../mathFormulas.js';
import type { Intent, Question } from '../question.js';
import { pick, pickSome } from '../variation.js';
import { short } from '../text.js';
import { quotedPassages, type AnswerContext, type Writer } from './writer.js';
import { pageLabel } from '@qiming/contracts';

const LEADS: Record<Intent, (question: Question) => string[]> = {
  general: () => [
    '这是一个值得系统梳理的问题，下面从概念、要点和实践三个方面来说明',
    '可以先抓住核心概念，再看关键要点和常见误区',
    '下面先给出整体框架，再展开说明要点',
  ],
  code: (q) => [`下面给出一个 ${codeLanguageLabel(q.codeLanguage)} 示例，并说明实现思路和使用方法`],
  math: () => ['下面先给出核心公式，再说明推导思路和求解步骤', '先写出关键公式，再一步步说明如何使用'],
  compare: (q) => [q.pair ? `下面从几个关键维度对比「${q.pair[0]}」和「${q.pair[1]}」` : '下面用一张表格梳理比较时需要关注的维度'],
  diagram: (q) => [`下面用一张 mermaid 流程图梳理「${q.subject}」的主要步骤`],
};

function continuation(question: Question): string {
  if (question.previousTopic) return `接着前面关于「${question.previousTopic}」的讨论，`;
  return question.continues ? '接着前面的讨论，' : '';
}

function general({ question: q, cite }: AnswerContext): string {
  const s = q.subject;
  const definition = pick(
    ['是一个需要从背景、原理和应用几个层面来理解的主题', '涉及若干相互关联的概念，适合先建立整体框架再深入细节', '既有理论上的含义，也有实践中的具体做法'],
    q.seed,
    11,
  );
  const extra = pick(
    [
      `> 小贴士：学习「${s}」时，先用自己的话复述核心概念，再找一个具体例子验证，是检验理解最快的方法。`,
      ['```text', s, '├── 背景与定义', '├── 核心原理', '├── 典型应用', '└── 常见误区', '```'].join('\n'),
    ],
    q.seed,
    12,
  );
  return `## ${s}：概览

简单来说，「${s}」${definition}${cite(2)}。理解它的关键，在于弄清它要解决什么问题、依赖哪些前提，以及在什么情况下不再适用。

### 核心要点

- **是什么**：用一句话说清「${s}」的定义，以及它和相近概念的边界。
- **为什么**：了解它出现的背景，以及它解决了哪些原有方法解决不好的问题。
- **怎么做**：按照“明确目标 → 拆解步骤 → 验证结果”的顺序实践，最容易上手。
- **注意什么**：留意适用条件和常见误区，避免把个别经验当成普遍规律${cite(3)}。

### 一览表

| 方面 | 要点 |
|---|---|
| 核心概念 | 定义、组成部分与边界 |
| 适用场景 | 在什么条件下最能发挥作用 |
| 常见误区 | 把相关概念混为一谈，或忽略前提条件 |
| 学习路径 | 先框架后细节，结合实例反复练习 |

${extra}`;
}

function code({ question: q, cite }: AnswerContext): string {
  const { fence, label, code } = codeSample(q.codeLanguage, {
    header: `示例：${q.subject}（可直接运行的骨架）`,
    clean: '清洗输入：去掉空白和无效值',
    core: '核心处理：以去重并排序为例，替换为具体逻辑即可',
    example: '示例调用',
  });
  return `## 实现思路

1. **准备数据**：先清洗输入，去掉空白和无效值，避免脏数据影响结果。
2. **核心处理**：示例以去重并排序为例；针对「${q.subject}」，把这一步替换为具体的业务逻辑。
3. **输出结果**：用一组小数据调用，确认输出符合预期。

## ${label} 示例

\`\`\`${fence}
${code}
\`\`\`

## 说明

- 示例结构清晰，可以直接运行，再逐步替换核心处理部分。
- 排序决定了整体复杂度，约为 \`O(n log n)\`；数据量很大时，可以考虑流式处理或分批处理${cite(2)}。
- 建议为空输入、重复值和超长数据等边界情况补充单元测试。`;
}

function math({ question: q, cite }: AnswerContext): string {
  const formula = mathFormulaFor(q.topic);
  return `## ${formula.name.zh}

${formula.meaning.zh}核心记号：$${formula.inline}$${cite(2)}。

$$
${formula.block}
$$

### 求解步骤

1. 明确已知条件和所求的量，统一记号。
2. 确认公式的适用条件（定义域、取值范围等）。
3. 代入计算，保留必要的中间步骤。
4. 回代或估算，检验结果是否合理。

### 例子

$$
${formula.example}
$$

针对「${q.subject}」，可以按上面的步骤代入具体数值，逐步求解。`;
}

function compare({ question: q, cite }: AnswerContext): string {
  const [a, b] = q.pair ?? [q.subject, '其他方案'];
  return `## 「${a}」与「${b}」：对比维度

| 维度 | 要比较什么 | 如何判断 |
|---|---|---|
| 定位与目标 | 两者各自最初要解决的问题 | 阅读官方介绍与设计文档 |
| 学习成本 | 入门所需的前置知识、资料是否丰富 | 用同一个小任务分别试做 |
| 性能与效率 | 典型负载下的速度与资源占用 | 在自己的数据上做基准测试 |
| 生态与支持 | 社区活跃度、工具与第三方库 | 查看版本更新频率与问答数量 |
| 适用场景 | 各自擅长与不擅长的任务 | 对照需求逐条打分 |

## 选择建议

- 先列出硬性需求（性能、成本、团队经验），再按上表逐项比较${cite(2)}。
- 没有绝对更好的选择：「${a}」和「${b}」的优劣取决于具体场景。
- 条件允许时，用一个小规模试点验证结论，再做最终决定。`;
}

function diagram({ question: q, cite }: AnswerContext): string {
  const s = short(q.subject, 12);
  const listed = stepsIn(q.detail ?? q.subject);
  const steps = listed.length > 0 ? listed : [`明确${s}的目标`, '收集所需信息', `执行${s}的关键步骤`, '记录并汇总结果'];
  const chart = flowchart(steps, { start: '开始', end: '结束', check: '结果符合预期？', yes: '是', no: '否' });
  return `## 「${q.subject}」流程图

\`\`\`mermaid
${chart}
\`\`\`

### 步骤说明

${steps.map((step, index) => `${index + 1}. **${step}**`).join('\n')}

判断节点用于检查结果：符合预期则结束，否则回到第一步重新处理${cite(2)}。`;
}

const REASONING: Record<Intent, (q: Question) => string> = {
  general: (q) => `这是一个概念性的问题。比较好的回答方式是先给出「${q.subject}」的定义，再列出核心要点，最后用一张小表格总结，方便对照。`,
  code: (q) => `这是一个编程问题，需要给出可以运行的 ${codeLanguageLabel(q.codeLanguage)} 代码。先说明实现思路，再给出代码，最后补充复杂度和测试建议。`,
  math: (q) => `这属于数学问题，涉及「${mathFormulaFor(q.topic).name.zh}」。应该先写出核心公式，说明适用条件，再给出求解步骤和一个例子。`,
  compare: (q) =>
    q.pair
      ? `用户想比较「${q.pair[0]}」和「${q.pair[1]}」。用表格从定位、学习成本、性能、生态和适用场景几个维度并列，最清楚。`
      : '用户想做一个比较。先确定比较的维度，再用表格列出每个维度要看什么、如何判断。',
  diagram: (q) => `用户需要一张流程图。可以把「${q.subject}」拆成几个顺序步骤，加一个检查结果的判断节点，用 mermaid 的 flowchart 表示。`,
};

const FOLLOW_UPS: Record<Intent, (s: string, q: Question) => string[]> = {
  general: (s) => [`「${s}」的基本原理是什么？`, `能举一个「${s}」的实际例子吗？`, `学习「${s}」有哪些常见误区？`, `「${s}」有哪些典型的应用场景？`, `「${s}」和相近的概念有什么区别？`],
  code: (s, q) => [`这段 ${codeLanguageLabel(q.codeLanguage)} 代码的时间复杂度可以再优化吗？`, `如何为「${s}」编写单元测试？`, `能用另一种编程语言实现「${s}」吗？`, `「${s}」有哪些边界情况需要处理？`, '这段代码在生产环境中要注意什么？'],
  math: (s) => [`能给出「${s}」的完整推导过程吗？`, `「${s}」在实际中有哪些应用？`, `能出一道关于「${s}」的练习题吗？`, '这个公式的适用条件是什么？', '有没有更直观的几何解释？'],
  compare: (s, q) => {
    const [a, b] = q.pair ?? [s, '其他方案'];
    return [`在什么场景下应该选择「${a}」？`, `「${a}」和「${b}」可以一起使用吗？`, `从「${a}」迁移到「${b}」需要注意什么？`, `除了「${a}」和「${b}」，还有哪些选择？`];
  },
  diagram: (s) => [`「${s}」中最容易出错的是哪一步？`, '能把这个流程改成时序图吗？', `如何衡量「${s}」流程的效率？`, '能为每一步补充负责人和时间节点吗？'],
};

export const zhWriter: Writer = {
  opening: ({ question: q, cite }) => `关于「${q.topic}」，${continuation(q)}${pick(LEADS[q.intent](q), q.seed, 1)}${cite(1)}。`,
  bodies: { general, code, math, compare, diagram },
  introduction: (name, first) => `我是「${name}」，很高兴为你服务。${first ? `你可以问我：「${first}」` : ''}`,
  knowledgeAnswer: ({ question: q }, { title, passages, kind }) =>
    kind === 'document'
      ? passages.length === 0
        ? `在文档《${title}》中没有找到与「${q.topic}」相关的内容。可以换个说法再问，或等文档解析完成后再试。`
        : [`根据文档《${title}》，关于「${q.topic}」：`, ...quotedPassages(passages, (_name, passage) => `——${pageLabel(passage.page, passage.pageEnd)}`), '以上内容摘自文档原文，点击下方的引用可以跳到对应页面。'].join('\n\n')
      : passages.length === 0
      ? `在知识库《${title}》中没有找到与「${q.topic}」相关的内容。可以换个说法再问，或者确认相关文档已上传并显示「已完成」。`
      : [
          kind === 'web' ? `根据联网搜索「${title}」的结果，关于「${q.topic}」：` : `根据知识库《${title}》中的资料，关于「${q.topic}」：`,
          ...quotedPassages(passages, (name, passage) => `——《${name}》${passage.page ? ` ${pageLabel(passage.page, passage.pageEnd)}` : ''}`),
          kind === 'web' ? '以上内容摘自搜索结果的摘要，点击下方的引用可以打开原网页。' : `以上内容摘自知识库原文，点击下方的引用可以查看完整段落。`,
        ].join('\n\n'),
  closing: '> 以上内容由离线演示模型生成，用于在未配置模型服务时体验产品。',
  reasoning: ({ question: q }, referenceCount) =>
    [
      `用户问的是「${q.topic}」。${REASONING[q.intent](q)}`,
      q.continues ? `这是对话的后续，回答开头要衔接前面${q.previousTopic ? `关于「${q.previousTopic}」` : ''}的内容。` : '',
      referenceCount > 0 ? `已经找到 ${referenceCount} 条示例来源，回答时在相应位置用 [1]、[2] 标注引用。` : '',
      '最后检查回答是否覆盖了问题的关键点，并准备三个可以继续追问的方向。',
    ]
      .filter(Boolean)
      .join('\n\n'),
  followUps: ({ question: q }) => pickSome(FOLLOW_UPS[q.intent](short(q.subject, 16), q), 3, q.seed, 21),
  references: ({ question: q }) => {
    const s = short(q.subject, 20);
    const query = encodeURIComponent(q.subject);
    return [
      { title: `${s} - 维基百科（示例链接）`, url: `https://zh.wikipedia.org/wiki/${encodeURIComponent(q.subject.replace(/ /g, '_'))}`, abstract: `示例来源：百科中关于「${s}」的概述。离线演示模型不会真正联网搜索。` },
      { title: `「${s}」入门指南（示例）`, url: `https://example.com/search?q=${query}`, abstract: `示例来源：介绍「${s}」的基本概念与入门步骤。` },
      { title: `「${s}」常见问题解答（示例）`, url: `https://example.org/faq?topic=${query}`, abstract: `示例来源：汇总关于「${s}」的常见疑问。` },
      { title: `「${s}」实践案例（示例）`, url: `https://example.net/cases?q=${query}`, abstract: `示例来源：「${s}」在实际场景中的应用案例。` },
      { title: `关于「${s}」的讨论（示例）`, url: `https://example.com/discussions?q=${query}`, abstract: `示例来源：社区中关于「${s}」的经验分享。` },
    ];
  },
};
