// Reads text from an image with Tesseract (Chinese data shipped in @tesseract.js-data/chi_sim):
// the export tests compare what a PNG really shows with the text on screen, so empty boxes (a
// missing CJK font) cannot pass for Chinese.
import os from 'node:os';
import path from 'node:path';
import { PNG } from 'pngjs';
import { createWorker } from 'tesseract.js';

const CHI_SIM = path.join(path.dirname(require.resolve('@tesseract.js-data/chi_sim/package.json')), '4.0.0');

/** The rows `top` to `top + height` of a PNG, as a PNG. */
export function cropRows(png: Buffer, top: number, height: number): Buffer {
  const source = PNG.sync.read(png);
  const rows = Math.max(0, Math.min(height, source.height - top));
  const out = new PNG({ width: source.width, height: rows });
  source.data.copy(out.data, 0, top * source.width * 4, (top + rows) * source.width * 4);
  return PNG.sync.write(out);
}

/** The text Tesseract reads in the image, without white space. */
export async function recognise(image: Buffer): Promise<string> {
  const worker = await createWorker('chi_sim', 1, { langPath: CHI_SIM, cachePath: path.join(os.tmpdir(), 'qm-e2e-tessdata'), gzip: true });
  try {
    const { data } = await worker.recognize(image);
    return data.text.replace(/\s+/g, '');
  } finally {
    await worker.terminate();
  }
}
