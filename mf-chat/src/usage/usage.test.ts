import type { UsageRecord } from '@qiming/sdk/contracts';
import { dailyBars, labelledDays } from './dailyBars';
import { BOM, collectRecords, CSV_MAX_ROWS, csvCell, usageCsv } from './usageCsv';
import { chinaDateTime, chinaDayOf, lastDays, queryOf, rangeProblem } from './usageRange';
import { amountText, pointsText, reasonText } from './usageText';

const record = (over: Partial<UsageRecord> = {}): UsageRecord => ({
  id: 'gen-1',
  kind: 'chat',
  model: 'gpt-4o',
  createdAt: '2030-03-01T16:30:00.000Z',
  finishedAt: '2030-03-01T16:30:05.000Z',
  status: 'charged',
  usage: { requests: 1 },
  held: 600,
  charged: 600,
  refunded: 0,
  fees: { use: 600, search: 0, extension: 0 },
  expiredDaily: 0,
  multiplierPercent: 100,
  failure: null,
  ...over,
});

describe('the date range (China days)', () => {
  it('today is the China day: 23:30 UTC is already tomorrow in China', () => {
    expect(chinaDayOf(new Date('2030-03-01T15:59:59Z'))).toBe('2030-03-01');
    expect(chinaDayOf(new Date('2030-03-01T16:00:00Z'))).toBe('2030-03-02');
    expect(lastDays(new Date('2030-03-01T23:30:00Z'), 7)).toEqual({ from: '2030-02-24', to: '2030-03-02' });
    expect(lastDays(new Date('2030-03-01T01:00:00Z'), 1)).toEqual({ from: '2030-03-01', to: '2030-03-01' });
    expect(chinaDateTime('2030-03-01T16:30:00.000Z')).toBe('2030-03-02 00:30:00');
  });

  it('says what is wrong with a range before asking the server', () => {
    expect(rangeProblem('2030-03-01', '2030-03-07')).toBeNull();
    expect(rangeProblem('', '2030-03-07')).toBe('invalid');
    expect(rangeProblem('2030-02-30', '2030-03-07')).toBe('invalid');
    expect(rangeProblem('2030-03-08', '2030-03-07')).toBe('reversed');
    expect(rangeProblem('2029-03-01', '2030-03-01')).toBeNull();
    expect(rangeProblem('2029-02-28', '2030-03-01')).toBe('tooLong');
  });

  it('sends no kind for 全部', () => {
    expect(queryOf('2030-03-01', '2030-03-02', '')).toEqual({ from: '2030-03-01', to: '2030-03-02' });
    expect(queryOf('2030-03-01', '2030-03-02', 'image')).toEqual({ from: '2030-03-01', to: '2030-03-02', kind: 'image' });
  });
});

describe('the per-day chart', () => {
  it('scales bars to the busiest day', () => {
    const { bars, max } = dailyBars([
      { day: '2030-03-01', total: 200, byKind: { chat: 200 } },
      { day: '2030-03-02', total: 0, byKind: {} },
      { day: '2030-03-03', total: 50, byKind: { image: 50 } },
    ]);
    expect(max).toBe(200);
    expect(bars.map((b) => b.height)).toEqual([1, 0, 0.25]);
    expect(dailyBars([{ day: '2030-03-01', total: 0, byKind: {} }]).bars[0]!.height).toBe(0);
  });

  it('labels about seven days, always the first and the last', () => {
    expect([...labelledDays(5)]).toEqual([0, 1, 2, 3, 4]);
    const month = labelledDays(30);
    expect(month.has(0) && month.has(29)).toBe(true);
    expect(month.size).toBeLessThanOrEqual(8);
  });
});

describe('what a record says', () => {
  it('tokens, requests by kind, characters', () => {
    expect(amountText(record({ usage: { inputTokens: 1234, outputTokens: 567 } }))).toBe('1801 tokens（输入 1234 / 输出 567）');
    expect(amountText(record({ kind: 'image' }))).toBe('1 张');
    expect(amountText(record({ kind: 'video' }))).toBe('1 段');
    expect(amountText(record({ usage: { characters: 350 } }))).toBe('350 字');
    expect(amountText(record({ usage: null, status: 'refunded' }))).toBe('—');
  });

  it('points charged, given back, or reserved', () => {
    expect(pointsText(record())).toBe('-600');
    expect(pointsText(record({ held: 3500, charged: 1261, refunded: 2239 }))).toBe('-1261（退回 2239）');
    expect(pointsText(record({ status: 'refunded', charged: 0, refunded: 600 }))).toBe('0（退回 600）');
    expect(pointsText(record({ status: 'held', charged: 0, refunded: 0 }))).toBe('预扣 600');
  });

  it('the reason: the charge\'s parts, the discount, why a refund happened', () => {
    expect(reasonText(record({ held: 1008, charged: 904, refunded: 104, fees: { use: 480, search: 400, extension: 24 }, multiplierPercent: 80 }))).toBe(
      '按用量扣费；含联网搜索 400 积分；含扩展调用 24 积分；多预扣的 104 积分已退回；套餐 80% 计价',
    );
    expect(reasonText(record({ status: 'refunded', charged: 0, refunded: 600, failure: '上游服务暂时不可用' }))).toBe('未生成成功（上游服务暂时不可用），预扣积分已全部退回');
    expect(reasonText(record({ status: 'refunded', charged: 0, refunded: 600 }))).toBe('未生成成功，预扣积分已全部退回');
    expect(reasonText(record({ status: 'expired', charged: 0, refunded: 600, expiredDaily: 100 }))).toBe('超时未完成，预扣积分已全部退回；其中 100 每日积分因跨日已过期');
    expect(reasonText(record({ status: 'free', charged: 0, refunded: 600, multiplierPercent: 80 }))).toBe('未产生输出，不扣积分');
  });
});

describe('the CSV', () => {
  it('starts with a BOM, has a Chinese header, one row per record in China time', () => {
    const csv = usageCsv([record(), record({ id: 'gen-2', status: 'refunded', charged: 0, refunded: 600, usage: null, failure: '错误, "引号"\n换行' })]);
    expect(csv.startsWith(BOM)).toBe(true);
    const lines = csv.slice(1).split('\r\n');
    expect(lines[0]).toBe('时间（北京时间）,类型,模型,用量,预扣积分,扣除积分,退回积分,状态,说明,编号');
    expect(lines[1]).toBe('2030-03-02 00:30:00,对话,gpt-4o,1 次,600,600,0,已扣费,按用量扣费,gen-1');
    // The line break inside the quoted field stays a field's; rows end with CRLF.
    expect(lines[2]).toBe('2030-03-02 00:30:00,对话,gpt-4o,—,600,0,600,已退回,"未生成成功（错误, ""引号""\n换行），预扣积分已全部退回",gen-2');
    expect(lines).toHaveLength(4);
    expect(lines[3]).toBe('');
  });

  it('quotes what needs it and neutralises formulas', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell(-600)).toBe('-600');
    expect(csvCell('-600')).toBe("'-600");
  });

  it('collects every page of the query, and stops at the cap', async () => {
    const all = Array.from({ length: 250 }, (_, i) => record({ id: `g${i}` }));
    const asked: number[] = [];
    const result = await collectRecords(async (pageNo, size) => {
      asked.push(pageNo);
      return { list: all.slice((pageNo - 1) * size, pageNo * size), total: all.length };
    });
    expect(asked).toEqual([1, 2, 3]);
    expect(result.records.map((r) => r.id)).toEqual(all.map((r) => r.id));
    expect(result.truncated).toBe(false);

    let pages = 0;
    const capped = await collectRecords(async (pageNo, size) => {
      pages++;
      return { list: Array.from({ length: size }, (_, i) => record({ id: `p${pageNo}-${i}` })), total: CSV_MAX_ROWS + 5 };
    });
    expect(pages).toBe(CSV_MAX_ROWS / 100);
    expect(capped.records).toHaveLength(CSV_MAX_ROWS);
    expect(capped.truncated).toBe(true);
  });
});
