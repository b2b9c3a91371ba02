import type { PriceRule } from './entry.js';

const formatNumber = (points: number) => String(Number(points.toFixed(4)));

const isFree = (price: PriceRule) => (price.kind === 'perMillionTokens' ? price.input === 0 && price.output === 0 : price.points === 0);

/** The listed price as the model picker shows it: "600积分/次", "700000积分/百万tokens", "0.01积分/字". */
export function priceTextOf(price: PriceRule): string {
  if (isFree(price)) return '免费';
  if (price.kind === 'perRequest') return `${formatNumber(price.points)}积分/次`;
  if (price.kind === 'perCharacter') return `${formatNumber(price.points)}积分/字`;
  if (price.input === price.output) return `${formatNumber(price.input)}积分/百万tokens`;
  return `输入${formatNumber(price.input)}积分/百万tokens，输出${formatNumber(price.output)}积分/百万tokens`;
}

/** The words under the price line (modelpriceTip): how the rule charges, the discount, the entry's own note. */
export function priceTipOf(price: PriceRule, priceNote = ''): string {
  const how = isFree(price)
    ? '免费使用，不消耗积分'
    : price.kind === 'perRequest'
      ? '按次计费，未生成成功不扣积分；基础套餐及以上用户8折'
      : price.kind === 'perCharacter'
        ? '按字数计费；基础套餐及以上用户8折'
        : '按实际消耗的 tokens 计费；基础套餐及以上用户8折';
  return priceNote ? `${how}；${priceNote}` : how;
}
