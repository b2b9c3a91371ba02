/** @jest-environment node */
import QRCode from 'qrcode';
import { readQr } from './qr';

/** The QR code of `text` drawn into RGBA pixels (4 px a module, quiet zone of 4), as a photo of it would give. */
function qrPixels(text: string) {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const scale = 4;
  const side = (modules.size + 8) * scale;
  const data = new Uint8ClampedArray(side * side * 4).fill(255);
  for (let y = 0; y < side; y++) {
    for (let x = 0; x < side; x++) {
      const row = Math.floor(y / scale) - 4;
      const col = Math.floor(x / scale) - 4;
      if (row >= 0 && col >= 0 && row < modules.size && col < modules.size && modules.get(row, col)) {
        data.fill(0, (y * side + x) * 4, (y * side + x) * 4 + 3);
      }
    }
  }
  return { data, side };
}

describe('QR codes', () => {
  it('reads back the text of a code made by the generator', () => {
    const { data, side } = qrPixels('https://qiming.ai/itTools?q=启明');
    expect(readQr(data, side, side)).toEqual({ ok: true, value: 'https://qiming.ai/itTools?q=启明' });
  });

  it('says so when an image holds no code', () => {
    const blank = new Uint8ClampedArray(64 * 64 * 4).fill(255);
    expect(readQr(blank, 64, 64)).toEqual({ ok: false, error: '图片里没有找到二维码，请换一张更清晰、二维码更完整的图片' });
  });
});
