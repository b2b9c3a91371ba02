import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { NO_KNOWLEDGE } from '../index.js';
import { outcomeOf } from '../results.js';
import { BUILTIN_NAMES } from './catalogue.js';
import { MathRunner } from './math/mathRunner.js';
import { createBuiltinMcpServer } from './server.js';

/** 时间与日期, 计算器 and 单位换算 through the built-in MCP server (no database: they need none). */
describe('extensions: the built-in tools', () => {
  const math = new MathRunner(400);
  let client: Client;
  const call = async (name: string, args: Record<string, unknown>) => outcomeOf(await client.callTool({ name, arguments: args }));
  const text = async (name: string, args: Record<string, unknown>) => {
    const outcome = await call(name, args);
    assert.equal(outcome.ok, true, outcome.text);
    return outcome.text;
  };

  before(async () => {
    const server = createBuiltinMcpServer({ userId: 'u' }, { knowledge: NO_KNOWLEDGE, math, web: { allowed: false }, now: () => new Date('2026-02-16T16:30:00Z') }, BUILTIN_NAMES);
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    client = new Client({ name: 'test', version: '1' });
    await client.connect(clientSide);
  });
  after(async () => {
    await client?.close();
    await math.close();
  });

  it('calculator: exact decimals, big integers, functions, Chinese operators; clear errors', async () => {
    assert.equal(await text('evaluate', { expression: '0.1 + 0.2' }), '0.1 + 0.2 = 0.3');
    assert.equal(await text('evaluate', { expression: '2^100' }), '2^100 = 1267650600228229401496703205376');
    assert.equal(await text('evaluate', { expression: '（3+4）×2÷7' }), '（3+4）×2÷7 = 2');
    assert.equal(await text('evaluate', { expression: '1/3' }), '1/3 = 0.333333333333333');
    assert.equal(await text('evaluate', { expression: 'sqrt(16) + 5!' }), 'sqrt(16) + 5! = 124');
    assert.deepEqual(await call('evaluate', { expression: '1 +' }), { ok: false, text: '表达式有语法错误：Unexpected end of expression (char 4)' });
    assert.deepEqual(await call('evaluate', { expression: 'foo(2)' }), { ok: false, text: '无法识别的名称：foo' });
  });

  it('calculator: the functions that define or parse code are refused, and so are over-long and runaway expressions', async () => {
    for (const [expression, name] of [
      ['import({x: 1}, {override: true})', 'import'],
      ['createUnit("foo", "2 m")', 'createUnit'],
      ['evaluate("1+1")', 'evaluate'],
      ['parse("1+1")', 'parse'],
      ['simplify("x+x")', 'simplify'],
      ['derivative("x^2", "x")', 'derivative'],
      ['resolve("x", {x: 1})', 'resolve'],
    ]) {
      assert.deepEqual(await call('evaluate', { expression }), { ok: false, text: `不支持的函数：${name}` }, expression);
    }
    assert.deepEqual(await call('evaluate', { expression: `1${'+1'.repeat(300)}` }), { ok: false, text: '表达式太长（最多 500 个字符）' });
    const started = performance.now();
    assert.deepEqual(await call('evaluate', { expression: 'factorial(5000000)' }), { ok: false, text: '计算超时（超过 0.4 秒），请简化表达式' });
    assert.ok(performance.now() - started < 3000);
    assert.equal(await text('evaluate', { expression: '6*7' }), '6*7 = 42', 'a new worker takes the next job');
  });

  it('unit converter: mathjs units and the common Chinese names', async () => {
    assert.equal(await text('convert', { value: 5, from: '公里', to: '英里' }), '5 公里 = 3.10685596119 mile（英里）');
    assert.equal(await text('convert', { value: 3, from: '斤', to: '公斤' }), '3 斤 = 1.5 kg（公斤）');
    assert.equal(await text('convert', { value: 100, from: '摄氏度', to: '华氏度' }), '100 摄氏度 = 212 degF（华氏度）');
    assert.equal(await text('convert', { value: 1, from: 'mile', to: 'km' }), '1 mile = 1.609344 km');
    assert.equal(await text('convert', { value: 2, from: '亩', to: '平方米' }), '2 亩 = 1333.33333333 m^2（平方米）');
    assert.deepEqual(await call('convert', { value: 1, from: '公斤', to: '米' }), { ok: false, text: '单位不能换算：公斤 和 米 不是同一种量' });
    assert.deepEqual(await call('convert', { value: 1, from: '光年年', to: 'm' }), { ok: false, text: '无法识别的单位：光年年' });
  });

  it('datetime: the time now in a zone, time zones, differences, adding, calendar facts', async () => {
    assert.equal(await text('now', {}), '现在是 2026-02-17 00:30:00 星期二（Asia/Shanghai，UTC+08:00）\n农历 丙午年正月初一\nUTC 时间 2026-02-16T16:30:00.000Z');
    assert.match(await text('now', { timeZone: '纽约' }), /^现在是 2026-02-16 11:30:00 星期一（America\/New_York，UTC-05:00）/);
    assert.deepEqual(await call('now', { timeZone: 'Mars/Olympus' }), { ok: false, text: '未知的时区：Mars/Olympus（请使用 IANA 时区名，例如 Asia/Shanghai、America/New_York，或常见城市名，例如 北京、纽约、伦敦）' });
    assert.equal(
      await text('convert_time_zone', { time: '2025-07-04 20:00', from: '北京', to: 'Europe/London' }),
      '2025-07-04 20:00:00 星期五（Asia/Shanghai，UTC+08:00）\n= 2025-07-04 13:00:00 星期五（Europe/London，UTC+01:00）',
    );
    assert.equal(
      await text('date_difference', { start: '2024-01-31', end: '2025-03-01' }),
      '2024-01-31（星期三）到 2025-03-01（星期六）\n相差 395 天（56 周 3 天）\n按日历计：1 年 1 个月 1 天\n其中工作日（周一至周五，含开始日、不含结束日，未扣除法定节假日）283 天',
    );
    assert.equal(await text('add_to_date', { date: '2024-01-31', months: 1 }), '2024-01-31 加上 1 个月\n= 2024-02-29 星期四');
    assert.equal(await text('add_to_date', { date: '2025-12-30 22:00', hours: 3 }), '2025-12-30 22:00:00 加上 3 小时\n= 2025-12-31 01:00:00 星期三');
    assert.equal(
      await text('date_info', { date: '2025年1月29日' }),
      '2025-01-29 星期三\n农历 乙巳年正月初一\n2025 年的第 29 天（全年 365 天，平年），ISO 周 2025-W05\n第 1 季度，1 月共 31 天',
    );
    assert.deepEqual(await call('date_info', { date: '2025-02-30' }), { ok: false, text: '日期不存在：2025-02-30' });
    assert.match((await call('date_difference', { start: '昨天', end: '2025-01-01' })).text, /^开始日期格式不正确：昨天/);
  });
});
