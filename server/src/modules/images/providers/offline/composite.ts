import sharp from 'sharp';
import type { InputImage } from '../provider.js';

/** Raw RGB of an image scaled to cover `width`×`height` (cropped at the centre). */
async function coverRgb(image: InputImage, width: number, height: number): Promise<Buffer> {
  return sharp(image.data).rotate().resize(width, height, { fit: 'cover' }).removeAlpha().toColourspace('srgb').raw().toBuffer();
}

const pngOfRgb = (rgb: Buffer, width: number, height: number) => sharp(rgb, { raw: { width, height, channels: 3 } }).png({ compressionLevel: 6 }).toBuffer();

/**
 * img2img: the reference pulled toward the prompt's picture. `strength` (0.1–1) is how much of the
 * painted scene shows through: its colours wash over the reference and its shapes appear faintly.
 */
export async function repaint(reference: InputImage, painted: Buffer, width: number, height: number, strength: number): Promise<Buffer> {
  const [base, paint] = await Promise.all([coverRgb(reference, width, height), coverRgb({ mime: 'image/png', data: painted }, width, height)]);
  const out = Buffer.alloc(base.length);
  const t = Math.min(1, Math.max(0.1, strength)) * 0.8;
  for (let i = 0; i < base.length; i += 3) {
    // Keep the reference's light and dark (its luma), take the painted hue in proportion to t.
    const luma = 0.299 * base[i]! + 0.587 * base[i + 1]! + 0.114 * base[i + 2]!;
    const paintLuma = 0.299 * paint[i]! + 0.587 * paint[i + 1]! + 0.114 * paint[i + 2]! || 1;
    for (let c = 0; c < 3; c++) {
      const tinted = Math.min(255, (paint[i + c]! * luma) / paintLuma);
      out[i + c] = Math.round(base[i + c]! * (1 - t) + (tinted * 0.6 + paint[i + c]! * 0.4) * t);
    }
  }
  return pngOfRgb(out, width, height);
}

/** How much of image `index` (of `count`) shows at (x, y): one of four layouts of soft bands or rings. */
function blendWeight(layout: number, index: number, count: number, x: number, y: number): number {
  const position = [x, 1 - x, (x + y) / 2, Math.hypot(x - 0.5, y - 0.5) * 1.414][layout % 4]!;
  const centre = count === 1 ? 0.5 : index / (count - 1);
  const d = (position - centre) * (count - 1 || 1);
  return Math.exp(-d * d * 2.2);
}

/** blend: the references mixed four ways (bands left to right, right to left, diagonal, rings). */
export async function blendImages(references: InputImage[], width: number, height: number, layout: number): Promise<Buffer> {
  const sources = await Promise.all(references.map((reference) => coverRgb(reference, width, height)));
  const out = Buffer.alloc(width * height * 3);
  const weights = new Float64Array(sources.length);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let total = 0;
      for (let s = 0; s < sources.length; s++) total += weights[s] = blendWeight(layout, s, sources.length, x / width, y / height) + 1e-6;
      const p = (y * width + x) * 3;
      for (let c = 0; c < 3; c++) {
        let value = 0;
        for (let s = 0; s < sources.length; s++) value += sources[s]![p + c]! * weights[s]!;
        out[p + c] = Math.round(value / total);
      }
    }
  }
  return pngOfRgb(out, width, height);
}

/**
 * 换脸 as a demonstration only: the centre of the source (where a portrait's face usually is) laid
 * into the centre of the target through a soft oval mask. No face is found or aligned.
 */
export async function pasteCentre(source: InputImage, target: InputImage, maxSide: number): Promise<{ png: Buffer; width: number; height: number }> {
  const targetImage = sharp(target.data).rotate().resize(maxSide, maxSide, { fit: 'inside', withoutEnlargement: true }).removeAlpha();
  const { data: targetPng, info } = await targetImage.png().toBuffer({ resolveWithObject: true });
  const side = Math.round(Math.min(info.width, info.height) * 0.42);
  const ovalW = Math.round(side * 0.8);
  const mask = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${side}" height="${side}"><defs><radialGradient id="m"><stop offset="0.6" stop-color="#fff"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient></defs>` +
      `<ellipse cx="${side / 2}" cy="${side / 2}" rx="${ovalW / 2}" ry="${side / 2}" fill="url(#m)"/></svg>`,
  );
  const face = await sharp(source.data).rotate().resize(side, side, { fit: 'cover', position: 'attention' }).ensureAlpha().composite([{ input: mask, blend: 'dest-in' }]).png().toBuffer();
  const png = await sharp(targetPng)
    .composite([{ input: face, left: Math.round((info.width - side) / 2), top: Math.round((info.height - side) / 2) }])
    .png({ compressionLevel: 6 })
    .toBuffer();
  return { png, width: info.width, height: info.height };
}

/** Upscale of an image the painter did not draw itself: enlarged twice with Lanczos. */
export async function enlarge(image: InputImage, width: number, height: number): Promise<Buffer> {
  return sharp(image.data).rotate().resize(width, height, { fit: 'fill', kernel: 'lanczos3' }).png({ compressionLevel: 6 }).toBuffer();
}

