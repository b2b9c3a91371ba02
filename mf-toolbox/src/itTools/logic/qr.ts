import jsQR from 'jsqr';
import QRCode from 'qrcode';
import { t } from '../i18n';
import { fail, ok, type Result } from './result';

export type ErrorLevel = 'L' | 'M' | 'Q' | 'H';

export interface QrOptions {
  level: ErrorLevel;
  /** Pixels across the image. */
  size: number;
  dark: string;
  light: string;
}

/** A QR code of the text as a PNG data URL and as SVG text. */
export async function makeQr(text: string, { level, size, dark, light }: QrOptions): Promise<Result<{ png: string; svg: string }>> {
  if (!text) return fail(t('it.common.empty'));
  const options = { errorCorrectionLevel: level, margin: 2, width: size, color: { dark, light } };
  try {
    const [png, svg] = await Promise.all([QRCode.toDataURL(text, options), QRCode.toString(text, { ...options, type: 'svg' })]);
    return ok({ png, svg });
  } catch {
    return fail(t('it.qr.tooLong'));
  }
}

/** The text of the QR code in an image's RGBA pixels, or why there is none. */
export function readQr(pixels: Uint8ClampedArray, width: number, height: number): Result<string> {
  const found = jsQR(pixels, width, height, { inversionAttempts: 'attemptBoth' });
  return found ? ok(found.data) : fail(t('it.qr.notFound'));
}
