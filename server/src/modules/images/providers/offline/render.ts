import sharp from 'sharp';
import type { PaintStyle } from './promptReading.js';
import { mix, randomFrom } from './random.js';
import { composeScene, type SceneRequest } from './scene.js';

/** Pixel art: the scene drawn this many times smaller, then enlarged without smoothing. */
const PIXEL_BLOCK = 12;
const TILE = 256;
const RAW_TILE = { width: TILE, height: TILE, channels: 3 } as const;

function greyTile(values: Float32Array): Buffer {
  const tile = Buffer.alloc(TILE * TILE * 3);
  for (let i = 0; i < values.length; i++) tile[i * 3] = tile[i * 3 + 1] = tile[i * 3 + 2] = Math.max(0, Math.min(255, Math.round(128 + values[i]!)));
  return tile;
}

/**
 * Texture tiles around mid-grey, laid over the picture with `overlay`, which leaves mid-grey
 * neutral: fine grain (paper), diagonal streaks (brush strokes) or soft blotches (pigment pooling).
 */
function textureTile(kind: 'grain' | 'strokes' | 'blotches', seed: number, amplitude: number): Buffer {
  const random = randomFrom(seed);
  const noise = Float32Array.from({ length: TILE * TILE }, () => (random.next() - 0.5) * 2);
  if (kind === 'grain') return greyTile(noise.map((v) => v * amplitude));
  const out = new Float32Array(TILE * TILE);
  // A box blur along one direction: along a diagonal it draws streaks; over a wide square, blotches.
  const reach = kind === 'strokes' ? 7 : 12;
  for (let y = 0; y < TILE; y++) {
    for (let x = 0; x < TILE; x++) {
      let sum = 0;
      let count = 0;
      for (let k = -reach; k <= reach; k += kind === 'strokes' ? 1 : 3) {
        if (kind === 'strokes') {
          sum += noise[((y + k + TILE) % TILE) * TILE + ((x + k * 2 + TILE * 2) % TILE)]!;
          count++;
        } else {
          for (let j = -reach; j <= reach; j += 3) {
            sum += noise[((y + k + TILE) % TILE) * TILE + ((x + j + TILE) % TILE)]!;
            count++;
          }
        }
      }
      out[y * TILE + x] = (sum / Math.sqrt(count)) * amplitude * (kind === 'strokes' ? 0.9 : 1.2);
    }
  }
  return greyTile(out);
}

interface Texture {
  kind: 'grain' | 'strokes' | 'blotches';
  amplitude: number;
}

function texturesFor(styles: Set<PaintStyle>): Texture[] {
  if (styles.has('oil')) return [{ kind: 'strokes', amplitude: 45 }, { kind: 'grain', amplitude: 10 }];
  if (styles.has('watercolor')) return [{ kind: 'blotches', amplitude: 28 }, { kind: 'grain', amplitude: 14 }];
  if (styles.has('sketch') || styles.has('ink')) return [{ kind: 'grain', amplitude: 18 }];
  return [];
}

/** The prompt's picture as PNG, the same bytes for the same request. */
export async function paintPng(request: SceneRequest): Promise<Buffer> {
  const { styles } = composeScene({ ...request, width: 1, height: 1 }).reading;
  const { width, height } = request;
  // Pixel art draws small and enlarges with hard edges; watercolour draws at half size and enlarges softly.
  const shrink = styles.has('pixel') ? PIXEL_BLOCK : styles.has('watercolor') ? 2 : 1;
  const { svg } = composeScene({ ...request, width: Math.max(8, Math.round(width / shrink)), height: Math.max(8, Math.round(height / shrink)) });

  let image = sharp(Buffer.from(svg)).removeAlpha();
  if (shrink > 1) image = sharp(await image.png({ compressionLevel: 0 }).toBuffer()).resize(width, height, { kernel: styles.has('pixel') ? 'nearest' : 'cubic' });
  if (styles.has('watercolor')) image = image.blur(2.5).linear(0.85, 38);
  if (styles.has('oil')) image = image.median(5).modulate({ saturation: 1.3 });
  if (styles.has('sketch')) image = image.greyscale().linear(1.25, -12);

  const textures = texturesFor(styles);
  if (textures.length > 0) {
    image = sharp(await image.toColourspace('srgb').png({ compressionLevel: 0 }).toBuffer()).composite(
      textures.map((texture, index) => ({ input: textureTile(texture.kind, mix(request.seed, request.variant * 8 + index), texture.amplitude), raw: RAW_TILE, tile: true, blend: 'overlay' as const })),
    );
  }
  return image.png({ compressionLevel: 6 }).toBuffer();
}
