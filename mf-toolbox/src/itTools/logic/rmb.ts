import { t } from '../i18n';
import { fail, ok, type Result } from './result';

const DIGITS = '零壹贰叁肆伍陆柒捌玖';
const SMALL_UNITS = ['', '拾', '佰', '仟'];
const GROUP_UNITS = ['', '万', '亿'];

/** Four digits (0–9999) in capitals; zeros inside say 零 once, trailing zeros say nothing. */
function group(n: number): string {
  let out = '';
  let zero = false;
  for (let i = 3; i >= 0; i--) {
    const d = Math.floor(n / 10 ** i) % 10;
    if (d === 0) {
      if (out) zero = true;
      continue;
    }
    if (zero) out += '零';
    zero = false;
    out += DIGITS[d]! + SMALL_UNITS[i]!;
  }
  return out;
}

/**
 * An amount of yuan in the capitals used on cheques and invoices (大写金额): up to 9999 亿 (12 digits),
 * two decimals (分). 1001.5 → 壹仟零壹元伍角; 10 → 壹拾元整.
 */
export function rmbUppercase(input: string): Result<string> {
  const text = input.trim().replace(/[,，\s]/g, '').replace(/^[¥￥]/, '');
  if (!text) return fail(t('it.common.empty'));
  const m = /^(-)?(\d+)(?:\.(\d{0,2}))?$/.exec(text);
  if (!m) return fail(/^-?\d+\.\d{3,}$/.test(text) ? t('it.rmb.tooManyDecimals') : t('it.rmb.notAmount'));
  const integer = m[2]!.replace(/^0+(?=\d)/, '');
  if (integer.length > 12) return fail(t('it.rmb.tooLarge'));
  const [jiao = 0, fen = 0] = (m[3] ?? '').padEnd(2, '0').split('').map(Number);

  let yuan = '';
  const groups: number[] = [];
  for (let end = integer.length; end > 0; end -= 4) groups.unshift(Number(integer.slice(Math.max(0, end - 4), end)));
  let pendingZero = false;
  groups.forEach((g, i) => {
    const unit = GROUP_UNITS[groups.length - 1 - i]!;
    if (g === 0) {
      if (yuan) pendingZero = true;
      return;
    }
    // A group below 1000 after a higher group needs a 零 (10010 → 壹万零壹拾).
    if (yuan && (pendingZero || g < 1000)) yuan += '零';
    pendingZero = false;
    yuan += group(g) + unit;
  });

  const hasYuan = yuan !== '';
  let out = hasYuan ? `${yuan}元` : '';
  if (jiao === 0 && fen === 0) out = hasYuan ? `${out}整` : '零元整';
  else {
    if (jiao) out += `${DIGITS[jiao]}角`;
    else if (hasYuan) out += '零';
    if (fen) out += `${DIGITS[fen]}分`;
  }
  return ok(m[1] && out !== '零元整' ? `负${out}` : out);
}
