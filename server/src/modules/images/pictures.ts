import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';

/** What the store keeps of one picture. */
export interface Picture {
  data: Buffer;
  mime: PictureMime;
  width: number;
  height: number;
}

export type PictureMime = 'image/png' | 'image/jpeg' | 'image/webp';

const EXTENSIONS: Record<PictureMime, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp' };
export const extensionOf = (mime: PictureMime): string => EXTENSIONS[mime];

const isPictureMime = (mime: string | undefined): mime is PictureMime => mime !== undefined && mime in EXTENSIONS;

/** A thumbnail's longer side. */
export const THUMB_MAX_SIDE = 512;

/** More pixels than this is refused before decoding (a decompression bomb); 8K × 6K fits. */
const MAX_INPUT_PIXELS = 50_000_000;

const open = (data: Buffer) => sharp(data, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });

/** The real type from the bytes' magic numbers (never the name); null unless PNG, JPEG or WebP. */
export async function sniffPicture(data: Buffer): Promise<PictureMime | null> {
  const sniffed = await fileTypeFromBuffer(data);
  return isPictureMime(sniffed?.mime) ? sniffed.mime : null;
}

/**
 * A re-encoded copy in the same format with every metadata block dropped (EXIF with GPS, XMP, ICC,
 * comments): sharp writes none unless asked. The EXIF orientation is applied to the pixels first,
 * so a phone photo keeps looking upright without its tag. Throws on undecodable data.
 */
export async function withoutMetadata(data: Buffer, mime: PictureMime): Promise<Picture> {
  const pipeline = open(data).rotate();
  const encoded = mime === 'image/png' ? pipeline.png() : mime === 'image/jpeg' ? pipeline.jpeg({ quality: 92 }) : pipeline.webp({ quality: 92 });
  const { data: out, info } = await encoded.toBuffer({ resolveWithObject: true });
  return { data: out, mime, width: info.width, height: info.height };
}

/** A provider's picture as given when it is PNG, JPEG or WebP; anything else sharp reads becomes PNG. */
export async function storedForm(data: Buffer): Promise<Picture> {
  const mime = await sniffPicture(data);
  const meta = await open(data).metadata();
  if (!meta.width || !meta.height) throw new Error('provider image without dimensions');
  if (mime) return { data, mime, width: meta.width, height: meta.height };
  const png = await open(data).png().toBuffer({ resolveWithObject: true });
  return { data: png.data, mime: 'image/png', width: png.info.width, height: png.info.height };
}

/** A WebP at most THUMB_MAX_SIDE on its longer side (never enlarged). */
export async function thumbnailOf(data: Buffer): Promise<Buffer> {
  return open(data).resize({ width: THUMB_MAX_SIDE, height: THUMB_MAX_SIDE, fit: 'inside', withoutEnlargement: true }).webp({ quality: 80 }).toBuffer();
}

/** A 2×2 grid cut into its quadrants, numbered like Midjourney's: top left, top right, bottom left, bottom right (PNG). */
export async function quadrantsOf(grid: Buffer): Promise<Picture[]> {
  const meta = await open(grid).metadata();
  const width = meta.width ?? 0;
  const height = meta.height ?? 0;
  if (width < 2 || height < 2) throw new Error('grid image too small to cut');
  const w = Math.floor(width / 2);
  const h = Math.floor(height / 2);
  const corners = [
    [0, 0],
    [w, 0],
    [0, h],
    [w, h],
  ] as const;
  return Promise.all(
    corners.map(async ([left, top]) => ({ data: await open(grid).extract({ left, top, width: w, height: h }).png().toBuffer(), mime: 'image/png' as const, width: w, height: h })),
  );
}
