import { HONG_RULES, HONG_SCORE_MARKER, hongScoreLine, parseHongScore, withoutHongScore } from './hong.js';

describe('parseHongScore', () => {
  it.each<[string, number | null]>([
    ['哼，这还差不多。\n\n【原谅值】+12', 12],
    ['你还找借口？\n【原谅值】-8', -8],
    ['【原谅值】+0', 0],
    ['【原谅值】-0', 0],
    ['行吧。\n【原谅值】 + 5 ', 5],
    ['行吧。\n【原谅值】：+6', 6],
    ['全角符号\n【原谅值】－15', -15],
    ['减号\n【原谅值】−7', -7],
    ['全角加号\n【原谅值】＋9', 9],
    ['没有符号\n【原谅值】10', 10],
    ['超过上限\n【原谅值】+80', HONG_RULES.maxStep],
    ['超过下限\n【原谅值】-99', -HONG_RULES.maxStep],
    ['上一轮【原谅值】+10 的事就算了\n【原谅值】-5', -5],
    ['还没写到分数', null],
    ['【原谅值】', null],
    ['【原谅值】+', null],
    ['', null],
  ])('%j', (text, expected) => {
    expect(parseHongScore(text)).toBe(expected);
  });

  it('reads every line hongScoreLine writes back as its change', () => {
    for (let change = -HONG_RULES.maxStep; change <= HONG_RULES.maxStep; change++) {
      const line = hongScoreLine(change);
      expect(line).toMatch(/^【原谅值】[+-]\d{1,2}$/);
      expect(line.startsWith(HONG_SCORE_MARKER)).toBe(true);
      expect(parseHongScore(`回复\n\n${line}`)).toBe(change);
    }
    expect(hongScoreLine(0)).toBe('【原谅值】+0');
    expect(hongScoreLine(-45)).toBe('【原谅值】-30');
    expect(hongScoreLine(7.9)).toBe('【原谅值】+7');
  });
});

describe('withoutHongScore', () => {
  it('leaves the reply the player reads', () => {
    expect(withoutHongScore('哼，这还差不多。\n\n【原谅值】+12')).toBe('哼，这还差不多。');
    expect(withoutHongScore('你还找借口？\n【原谅值】-8\n')).toBe('你还找借口？');
    expect(withoutHongScore('没有分数的回复')).toBe('没有分数的回复');
  });
});
