import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { analyseQuestion, intentOf, languageOf, pairOf, topicOf, type Intent } from './question.js';

const ask = (content: string, history: Array<{ role: 'user' | 'assistant'; content: string }> = []) =>
  analyseQuestion([{ role: 'system', content: '你是一个助手' }, ...history, { role: 'user', content }], 'gpt-4o');

describe('offline model: reading the question', () => {
  it('answers in Chinese by default and in English for an English question', () => {
    assert.equal(languageOf('什么是量子计算？'), 'zh');
    assert.equal(languageOf('用 python 写一个快速排序'), 'zh');
    assert.equal(languageOf('12345'), 'zh');
    assert.equal(languageOf('What is quantum computing?'), 'en');
    assert.equal(languageOf('介绍一下长城，用英文回答'), 'en');
  });

  it('restates the main sentence without quotes, greetings, courtesy words or end punctuation', () => {
    assert.equal(topicOf('你好！请问什么是「量子计算」？', 'zh'), '什么是量子计算');
    assert.equal(topicOf('我在学物理。熵是什么？', 'zh'), '熵是什么');
    assert.equal(topicOf('搜索 上海明天的天气', 'zh'), '上海明天的天气', '搜索 as a command is not the topic');
    assert.equal(topicOf('搜索引擎是怎么工作的', 'zh'), '搜索引擎是怎么工作的');
    assert.equal(topicOf('Can you explain "TCP congestion control"?', 'en'), 'explain TCP congestion control');
    assert.equal(topicOf("What's a monad?", 'en'), "What's a monad");
    assert.equal(topicOf('I study physics. What is entropy?', 'en'), 'What is entropy');
    assert.equal(topicOf('history of the Roman empire', 'en'), 'history of the Roman empire');
    assert.equal(topicOf('圆周率是 3.14 吗', 'zh'), '圆周率是 3.14 吗');
    assert.equal(topicOf('？！。', 'zh'), '这个问题');
    assert.equal(topicOf('   ', 'en'), 'this question');
  });

  it('truncates a long topic sensibly and keeps table and math syntax out of it', () => {
    const long = topicOf('人工智能的发展历史，以及未来十年可能出现的主要趋势和挑战有哪些呢？', 'zh');
    assert.ok(long.endsWith('…'));
    assert.ok([...long].length <= 31);
    const english = topicOf('Explain the history of artificial intelligence and the main trends and challenges of the next decade', 'en');
    assert.ok(english.endsWith('…') && !/\s…$/.test(english) && english.length <= 61);
    assert.equal(topicOf('a|b 和 $x$ && y', 'zh'), 'a/b 和 ＄x＄ & y');
  });

  it('removes fault markers from the topic', () => {
    assert.equal(ask('[[fault:stall]] 讲讲黑洞').topic, '讲讲黑洞');
    assert.equal(ask('讲讲黑洞[[fault:error-mid-stream]]').subject, '黑洞');
  });

  it('picks the template by intent', () => {
    const cases: Array<[string, Intent]> = [
      ['用python写一个快速排序', 'code'],
      ['写一个计算阶乘的函数', 'code'],
      ['write a rust function to parse a CSV line', 'code'],
      ['这段 SQL 代码为什么很慢', 'code'],
      ['求 x^2 的积分', 'math'],
      ['证明勾股定理', 'math'],
      ['计算 3 + 5 × 2', 'math'],
      ['python和java的区别', 'compare'],
      ['React vs Vue，哪个好', 'compare'],
      ['difference between TCP and UDP', 'compare'],
      ['画一个用户注册的流程图', 'diagram'],
      ['用 mermaid 表示登录过程', 'diagram'],
      ['Draw a diagram of the login process', 'diagram'],
      ['什么是量子计算', 'general'],
      ['计算机网络是什么', 'general'],
    ];
    for (const [text, intent] of cases) assert.equal(intentOf(text), intent, text);
  });

  it('finds the subject, the code language and the pair being compared', () => {
    assert.deepEqual([ask('用python写一个快速排序').subject, ask('用python写一个快速排序').codeLanguage], ['快速排序', 'python']);
    assert.equal(ask('用 Go 语言实现一个 LRU 缓存').codeLanguage, 'go');
    assert.equal(ask('用 JavaScript 实现防抖').codeLanguage, 'javascript');
    assert.equal(ask('画一个用户注册的流程图').subject, '用户注册');
    assert.equal(ask('What is quantum computing?').subject, 'quantum computing');
    assert.deepEqual(ask('python和java的区别').pair, ['python', 'java']);
    assert.deepEqual(ask('difference between rust and go').pair, ['rust', 'go']);
    assert.equal(pairOf('几种排序算法'), undefined);
  });

  it('takes the steps of a flowchart from after a colon', () => {
    assert.equal(ask('画一个用户注册的流程图：填写手机号、获取验证码、设置密码').detail, '填写手机号、获取验证码、设置密码');
  });

  it('notices earlier turns and the previous topic', () => {
    const first = ask('什么是熵');
    assert.equal(first.continues, false);
    assert.equal(first.previousTopic, undefined);
    const next = ask('它和信息论有什么关系', [
      { role: 'user', content: '什么是熵' },
      { role: 'assistant', content: '熵是……' },
    ]);
    assert.equal(next.continues, true);
    assert.equal(next.previousTopic, '什么是熵');
  });

  it('seeds variation from the question and the model, nothing else', () => {
    assert.equal(ask('什么是熵').seed, ask('什么是熵').seed);
    assert.notEqual(ask('什么是熵').seed, ask('什么是焓').seed);
    const other = analyseQuestion([{ role: 'user', content: '什么是熵' }], 'claude-opus-4');
    assert.notEqual(other.seed, ask('什么是熵').seed);
  });
});
