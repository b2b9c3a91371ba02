import { all, create, type MathJsInstance } from 'mathjs';

/** Inputs longer than this are refused before parsing. */
export const EXPRESSION_MAX_CHARS = 500;

/** Chinese unit names → mathjs units (市制 units defined below as shi…) (what the model and users write). */
const CHINESE_UNITS: Record<string, string> = {
  千米: 'km', 公里: 'km', 米: 'm', 分米: 'dm', 厘米: 'cm', 毫米: 'mm', 微米: 'um', 纳米: 'nm', 英里: 'mile', 英尺: 'ft', 英寸: 'inch', 码: 'yard', 海里: 'nmi', 里: 'shili', 丈: 'shizhang', 尺: 'shichi', 寸: 'shicun',
  吨: 'tonne', 千克: 'kg', 公斤: 'kg', 克: 'g', 毫克: 'mg', 斤: 'shijin', 两: 'shiliang', 磅: 'lb', 盎司: 'oz',
  摄氏度: 'degC', '℃': 'degC', 华氏度: 'degF', '℉': 'degF', 开尔文: 'K', 开: 'K',
  升: 'L', 毫升: 'mL', 立方米: 'm^3', 立方厘米: 'cm^3', 加仑: 'gallon', 美制加仑: 'gallon',
  平方米: 'm^2', 平方千米: 'km^2', 平方公里: 'km^2', 平方厘米: 'cm^2', 公顷: 'hectare', 亩: 'shimu', 英亩: 'acre', 平方英尺: 'ft^2', 平方英里: 'mile^2',
  秒: 's', 毫秒: 'ms', 分钟: 'minute', 分: 'minute', 小时: 'hour', 天: 'day', 日: 'day', 周: 'week', 星期: 'week', 年: 'year',
  千米每小时: 'km/h', 公里每小时: 'km/h', 公里每时: 'km/h', 米每秒: 'm/s', 英里每小时: 'mile/h', 节: 'knot',
  焦耳: 'J', 千焦: 'kJ', 卡: 'cal', 千卡: 'kcal', 大卡: 'kcal', 千瓦时: 'kWh', 度电: 'kWh', 瓦: 'W', 千瓦: 'kW', 马力: 'hp',
  帕: 'Pa', 千帕: 'kPa', 兆帕: 'MPa', 标准大气压: 'atm', 大气压: 'atm', 巴: 'bar', 毫米汞柱: 'mmHg',
  字节: 'byte', 千字节: 'kB', 兆字节: 'MB', 吉字节: 'GB', 比特: 'bit',
};

export class MathInputError extends Error {}

/**
 * A mathjs instance the model's text cannot escape, as mathjs's security notes advise: BigNumbers
 * (exact decimals, big integers), Chinese traditional units defined, then the functions that define
 * or parse code disabled inside expressions.
 */
function restrictedMath(): { math: MathJsInstance; evaluate: MathJsInstance['evaluate'] } {
  const math = create(all!, { number: 'BigNumber', precision: 64 });
  math.createUnit({
    shijin: '0.5 kg',
    shiliang: '50 g',
    shili: '500 m',
    // 1 丈 = 10 尺 = 100 寸 = 10/3 m; 1 亩 = 2000/3 m² (to 20 digits: unit definitions take no fractions).
    shizhang: '3.3333333333333333333 m',
    shichi: '0.33333333333333333333 m',
    shicun: '0.033333333333333333333 m',
    shimu: '666.66666666666666667 m^2',
    nmi: '1852 m',
    knot: '1852 m/hour',
    kcal: '4184 J',
  });
  try {
    math.createUnit('cal', '4.184 J');
  } catch {
    // A later mathjs may define it itself.
  }
  const evaluate = math.evaluate;
  const disabled = (name: string) => () => {
    throw new MathInputError(`不支持的函数：${name}`);
  };
  math.import(
    Object.fromEntries(['import', 'createUnit', 'evaluate', 'parse', 'simplify', 'derivative', 'resolve', 'compile', 'reviver', 'chain'].map((name) => [name, disabled(name)])),
    { override: true },
  );
  return { math, evaluate };
}

const { math, evaluate } = restrictedMath();

function checkLength(text: string, what: string): void {
  if (text.length > EXPRESSION_MAX_CHARS) throw new MathInputError(`${what}太长（最多 ${EXPRESSION_MAX_CHARS} 个字符）`);
}

/**
 * A result as people read it: whole numbers exactly (up to 64 digits); other numbers with their
 * whole part and 12 more significant digits (at least 15), so 2^64 + 0.3 keeps its .3 and 1/3 reads
 * 0.333333333333333.
 */
function formatResult(value: unknown): string {
  if (math.isBigNumber(value)) {
    if (value.isInteger() && value.abs().lt('1e64')) return value.toFixed();
    const wholeDigits = value.abs().gte(1) ? value.abs().floor().toFixed().length : 0;
    return math.format(value, { precision: Math.min(64, Math.max(15, wholeDigits + 12)), lowerExp: -9, upperExp: 64 });
  }
  if (typeof value === 'function') throw new MathInputError('结果是一个函数，请给出要计算的表达式');
  return math.format(value, { precision: 15, lowerExp: -9, upperExp: 21 });
}

/** Full-width and Chinese operators people type (×, ÷, （）, ，) as mathjs reads them. */
function normalised(expression: string): string {
  return expression
    .replace(/[×✕]/g, '*')
    .replace(/÷/g, '/')
    .replace(/（/g, '(')
    .replace(/）/g, ')')
    .replace(/，/g, ',')
    .replace(/＋/g, '+')
    .replace(/[－—]/g, '-')
    .replace(/＾/g, '^')
    .replace(/％/g, '%')
    .replace(/π/g, 'pi');
}

function errorText(error: unknown): string {
  if (error instanceof MathInputError) return error.message;
  const message = error instanceof Error ? error.message : String(error);
  if (/Undefined symbol|Undefined function/.test(message)) return `无法识别的名称：${message.replace(/^Undefined (symbol|function) /, '')}`;
  if (/Unexpected|Parenthesis|Value expected|Syntax/i.test(message)) return `表达式有语法错误：${message}`;
  if (/Unit .* not found|not found/i.test(message)) return `无法识别的单位：${message}`;
  if (/do not match|Cannot convert|incompatible/i.test(message)) return `单位不能换算：${message}`;
  return `无法计算：${message}`;
}

export function evaluateExpression(expression: string): string {
  const text = normalised(expression.trim());
  if (!text) throw new MathInputError('请给出要计算的表达式');
  checkLength(text, '表达式');
  let value: unknown;
  try {
    value = evaluate(text);
  } catch (error) {
    throw new MathInputError(errorText(error));
  }
  if (value && typeof value === 'object' && 'entries' in value && Array.isArray((value as { entries: unknown[] }).entries)) {
    value = (value as { entries: unknown[] }).entries.at(-1);
  }
  if (value === undefined) throw new MathInputError('表达式没有结果');
  return formatResult(value);
}

const unitOf = (text: string) => {
  const trimmed = text.trim();
  return CHINESE_UNITS[trimmed] ?? trimmed;
};

export function convertUnits(value: number, from: string, to: string): string {
  checkLength(from + to, '单位');
  if (!Number.isFinite(value)) throw new MathInputError('数值不正确');
  const fromUnit = unitOf(from);
  const toUnit = unitOf(to);
  try {
    const converted = math.unit(math.bignumber(value), fromUnit).to(toUnit);
    return `${formatResult(math.bignumber(value))} ${from.trim()} = ${converted.format({ precision: 12 })}${toUnit !== to.trim() ? `（${to.trim()}）` : ''}`;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (/do not match|Cannot convert|incompatible/i.test(message)) throw new MathInputError(`单位不能换算：${from.trim()} 和 ${to.trim()} 不是同一种量`);
    if (/Unexpected|not found|Unit|Value expected/i.test(message)) throw new MathInputError(`无法识别的单位：${[from, to].map((u) => u.trim()).filter((u) => !isUnit(unitOf(u))).join('、') || `${from.trim()}、${to.trim()}`}`);
    throw new MathInputError(errorText(error));
  }
}

function isUnit(text: string): boolean {
  try {
    math.unit(text);
    return true;
  } catch {
    return false;
  }
}
