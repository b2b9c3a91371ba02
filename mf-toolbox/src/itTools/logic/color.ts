import { converter, formatHex, formatHex8, parse, type Color } from 'culori';
import { t } from '../i18n';
import { fail, ok, type Result } from './result';

const toRgb = converter('rgb');
const toHsl = converter('hsl');
const toOklch = converter('oklch');

export interface ColorFormats {
  hex: string;
  rgb: string;
  hsl: string;
  oklch: string;
  /** The colour as CSS for the swatch (always in the sRGB gamut). */
  swatch: string;
  /** The input was outside sRGB: hex, rgb and hsl are its nearest displayable colour. */
  clipped: boolean;
}

const round = (n: number | undefined, digits = 0) => {
  const f = 10 ** digits;
  return Math.round((n ?? 0) * f) / f;
};
const clamp = (n: number) => Math.min(1, Math.max(0, n));
const alphaPart = (alpha: number | undefined) => (alpha === undefined || alpha >= 1 ? '' : ` / ${round(alpha, 3)}`);

/** Any CSS colour (hex, rgb(), hsl(), oklch(), a name…) in HEX, RGB, HSL and OKLCH. */
export function convertColor(input: string): Result<ColorFormats> {
  const text = input.trim();
  if (!text) return fail(t('it.common.empty'));
  // A bare 3/6/8-digit hex without # is read as hex.
  const parsed: Color | undefined = parse(/^[0-9a-f]{3,8}$/i.test(text) ? `#${text}` : text);
  if (!parsed) return fail(t('it.color.invalid'));
  const rgb = toRgb(parsed);
  const clipped = [rgb.r, rgb.g, rgb.b].some((c) => c < -1e-4 || c > 1 + 1e-4);
  const inGamut = { mode: 'rgb' as const, r: clamp(rgb.r), g: clamp(rgb.g), b: clamp(rgb.b), alpha: rgb.alpha };
  const hsl = toHsl(inGamut);
  const oklch = toOklch(parsed);
  const hex = inGamut.alpha !== undefined && inGamut.alpha < 1 ? formatHex8(inGamut) : formatHex(inGamut);
  const a = alphaPart(rgb.alpha);
  const rgbText = `rgb(${round(inGamut.r * 255)} ${round(inGamut.g * 255)} ${round(inGamut.b * 255)}${a})`;
  return ok({
    hex,
    rgb: rgbText,
    hsl: `hsl(${round(hsl.h ?? 0, 1)} ${round(hsl.s * 100, 1)}% ${round(hsl.l * 100, 1)}%${a})`,
    oklch: `oklch(${round(oklch.l * 100, 2)}% ${round(oklch.c, 4)} ${round(oklch.h ?? 0, 2)}${a})`,
    swatch: rgbText,
    clipped,
  });
}
