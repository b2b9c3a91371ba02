import { randomBytes, randomInt } from 'node:crypto';
import { PNG } from 'pngjs';

export const CAPTCHA_WIDTH = 320;
export const CAPTCHA_HEIGHT = 160;
export const PIECE_SIZE = 50;
/** Where the piece's left edge may be: clear of its start position at x = 0, inside the image. */
export const PIECE_X_MIN = 70;
export const PIECE_X_MAX = 260;
/** Where the piece's top edge may be, for the hole and for the piece's start (101 rows). */
export const PIECE_Y_MIN = 5;
export const PIECE_Y_MAX = CAPTCHA_HEIGHT - PIECE_SIZE - 5;

export interface Puzzle {
  /** PNG, CAPTCHA_WIDTH × CAPTCHA_HEIGHT, RGB, with the hole. */
  background: Buffer;
  /** PNG, PIECE_SIZE × PIECE_SIZE, RGBA: transparent outside the piece's outline. */
  piece: Buffer;
  /** The hole's top-left corner in the background: the answer, on both axes. */
  x: number;
  y: number;
  /** Where the piece starts: x = 0 and this y, independent of the hole's (the client is told it). */
  startY: number;
}

type Rgb = [number, number, number];

/** A float in [0, 1) from the system CSPRNG (a seeded PRNG would make the images predictable). */
function random(): number {
  return randomInt(0, 2 ** 47) / 2 ** 47;
}

function between(min: number, max: number): number {
  return min + random() * (max - min);
}

function hsl(hue: number, saturation: number, lightness: number): Rgb {
  const a = saturation * Math.min(lightness, 1 - lightness);
  const channel = (n: number) => {
    const k = (n + hue / 30) % 12;
    return 255 * (lightness - a * Math.max(-1, Math.min(k - 3, 9 - k, 1)));
  };
  return [channel(0), channel(8), channel(4)];
}

/** RGB floats, row-major. */
class Canvas {
  readonly pixels: Float32Array;
  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.pixels = new Float32Array(width * height * 3);
  }

  blend(x: number, y: number, color: Rgb, alpha: number): void {
    const i = (y * this.width + x) * 3;
    for (let c = 0; c < 3; c++) this.pixels[i + c] = this.pixels[i + c]! * (1 - alpha) + color[c]! * alpha;
  }

  /** Blends `color` into every pixel of the bounding box for which `inside` holds. */
  fill(box: { x0: number; y0: number; x1: number; y1: number }, inside: (x: number, y: number) => boolean, color: Rgb, alpha: number): void {
    const x0 = Math.max(0, Math.floor(box.x0));
    const y0 = Math.max(0, Math.floor(box.y0));
    const x1 = Math.min(this.width - 1, Math.ceil(box.x1));
    const y1 = Math.min(this.height - 1, Math.ceil(box.y1));
    for (let y = y0; y <= y1; y++) for (let x = x0; x <= x1; x++) if (inside(x + 0.5, y + 0.5)) this.blend(x, y, color, alpha);
  }
}

function paintGradient(canvas: Canvas, from: Rgb, to: Rgb): void {
  const angle = between(0, 2 * Math.PI);
  const dx = Math.cos(angle);
  const dy = Math.sin(angle);
  const reach = Math.abs(dx) * canvas.width + Math.abs(dy) * canvas.height;
  for (let y = 0; y < canvas.height; y++) {
    for (let x = 0; x < canvas.width; x++) {
      const t = 0.5 + ((x - canvas.width / 2) * dx + (y - canvas.height / 2) * dy) / reach;
      const i = (y * canvas.width + x) * 3;
      for (let c = 0; c < 3; c++) canvas.pixels[i + c] = from[c]! + (to[c]! - from[c]!) * t;
    }
  }
}

/** Circles, rectangles and triangles of random colours, so the hole has no flat surroundings to stand out from. */
function paintShapes(canvas: Canvas, baseHue: number): void {
  const count = randomInt(12, 19);
  for (let n = 0; n < count; n++) {
    const color = hsl((baseHue + between(-150, 150) + 360) % 360, between(0.35, 0.85), between(0.3, 0.75));
    const alpha = between(0.2, 0.6);
    const cx = between(-20, canvas.width + 20);
    const cy = between(-20, canvas.height + 20);
    const size = between(12, 60);
    const kind = randomInt(0, 3);
    if (kind === 0) {
      canvas.fill({ x0: cx - size, y0: cy - size, x1: cx + size, y1: cy + size }, (x, y) => (x - cx) ** 2 + (y - cy) ** 2 <= size * size, color, alpha);
    } else if (kind === 1) {
      const w = size * between(0.8, 2.2);
      const h = size * between(0.5, 1.5);
      canvas.fill({ x0: cx - w / 2, y0: cy - h / 2, x1: cx + w / 2, y1: cy + h / 2 }, () => true, color, alpha);
    } else {
      const corners = [0, 1, 2].map((k) => {
        const a = between(0, 2 * Math.PI) / 3 + (k * 2 * Math.PI) / 3;
        return { x: cx + Math.cos(a) * size, y: cy + Math.sin(a) * size };
      }) as [{ x: number; y: number }, { x: number; y: number }, { x: number; y: number }];
      const side = (p: { x: number; y: number }, q: { x: number; y: number }, x: number, y: number) => (q.x - p.x) * (y - p.y) - (q.y - p.y) * (x - p.x);
      const [a, b, c] = corners;
      canvas.fill(
        { x0: cx - size, y0: cy - size, x1: cx + size, y1: cy + size },
        (x, y) => {
          const s1 = side(a, b, x, y);
          const s2 = side(b, c, x, y);
          const s3 = side(c, a, x, y);
          return (s1 >= 0 && s2 >= 0 && s3 >= 0) || (s1 <= 0 && s2 <= 0 && s3 <= 0);
        },
        color,
        alpha,
      );
    }
  }
}

/**
 * The piece's outline as coverage per pixel (0–1, 4×4 supersampled for smooth edges): a square
 * body with a round knob on one or two of its sides.
 */
function pieceMask(): Float32Array {
  const body = { from: 7, to: PIECE_SIZE - 7 };
  const middle = PIECE_SIZE / 2;
  const sides = [
    { x: middle, y: body.from },
    { x: body.to, y: middle },
    { x: middle, y: body.to },
    { x: body.from, y: middle },
  ];
  const first = randomInt(0, 4);
  const knobs = [sides[first]!];
  if (random() < 0.6) knobs.push(sides[(first + randomInt(1, 4)) % 4]!);
  const radius = 6.5;
  const inside = (x: number, y: number) =>
    (x >= body.from && x <= body.to && y >= body.from && y <= body.to) || knobs.some((k) => (x - k.x) ** 2 + (y - k.y) ** 2 <= radius * radius);

  const mask = new Float32Array(PIECE_SIZE * PIECE_SIZE);
  const samples = 4;
  for (let y = 0; y < PIECE_SIZE; y++) {
    for (let x = 0; x < PIECE_SIZE; x++) {
      let hits = 0;
      for (let sy = 0; sy < samples; sy++) for (let sx = 0; sx < samples; sx++) if (inside(x + (sx + 0.5) / samples, y + (sy + 0.5) / samples)) hits++;
      mask[y * PIECE_SIZE + x] = hits / (samples * samples);
    }
  }
  return mask;
}

/** How much of an outline a pixel carries: covered itself, with an uncovered neighbour. */
function outline(mask: Float32Array): Float32Array {
  const edge = new Float32Array(mask.length);
  for (let y = 0; y < PIECE_SIZE; y++) {
    for (let x = 0; x < PIECE_SIZE; x++) {
      let lowest = 1;
      for (let ny = y - 1; ny <= y + 1; ny++) {
        for (let nx = x - 1; nx <= x + 1; nx++) {
          const outside = nx < 0 || ny < 0 || nx >= PIECE_SIZE || ny >= PIECE_SIZE;
          lowest = Math.min(lowest, outside ? 0 : mask[ny * PIECE_SIZE + nx]!);
        }
      }
      edge[y * PIECE_SIZE + x] = mask[y * PIECE_SIZE + x]! * (1 - lowest);
    }
  }
  return edge;
}

/**
 * Speckle: a quarter of the pixels, picked afresh for each image, lightened or darkened by
 * `amplitude`, so piece and hole never match pixel for pixel. Grey and sparse rather than
 * per channel and everywhere: the PNG stays near 65 KB instead of 100.
 */
function addNoise(canvas: Canvas, amplitude: number): void {
  const bytes = randomBytes(canvas.width * canvas.height);
  for (let p = 0; p < bytes.length; p++) {
    if (bytes[p]! >= 64) continue;
    const delta = bytes[p]! % 2 ? amplitude : -amplitude;
    for (let c = 0; c < 3; c++) canvas.pixels[p * 3 + c] = canvas.pixels[p * 3 + c]! + delta;
  }
}

function encode(canvas: Canvas, alpha: Float32Array | null): Buffer {
  const png = new PNG({ width: canvas.width, height: canvas.height });
  for (let p = 0; p < canvas.width * canvas.height; p++) {
    for (let c = 0; c < 3; c++) png.data[p * 4 + c] = Math.max(0, Math.min(255, Math.round(canvas.pixels[p * 3 + c]!)));
    png.data[p * 4 + 3] = alpha ? Math.round(alpha[p]! * 255) : 255;
  }
  return PNG.sync.write(png, { colorType: alpha ? 6 : 2 });
}

/** A new slide puzzle: a random background with a piece-shaped hole at a random spot, and the piece. */
export function drawPuzzle(): Puzzle {
  const hue = between(0, 360);
  const scene = new Canvas(CAPTCHA_WIDTH, CAPTCHA_HEIGHT);
  paintGradient(scene, hsl(hue, between(0.4, 0.75), between(0.4, 0.6)), hsl((hue + between(60, 180)) % 360, between(0.4, 0.75), between(0.4, 0.6)));
  paintShapes(scene, hue);

  const x = randomInt(PIECE_X_MIN, PIECE_X_MAX + 1);
  const y = randomInt(PIECE_Y_MIN, PIECE_Y_MAX + 1);
  const startY = randomInt(PIECE_Y_MIN, PIECE_Y_MAX + 1);
  const mask = pieceMask();
  const edge = outline(mask);
  const white: Rgb = [255, 255, 255];

  const piece = new Canvas(PIECE_SIZE, PIECE_SIZE);
  for (let j = 0; j < PIECE_SIZE; j++) {
    for (let i = 0; i < PIECE_SIZE; i++) {
      const from = ((y + j) * CAPTCHA_WIDTH + x + i) * 3;
      const to = (j * PIECE_SIZE + i) * 3;
      for (let c = 0; c < 3; c++) piece.pixels[to + c] = scene.pixels[from + c]! * 1.06 + 8;
      piece.blend(i, j, white, edge[j * PIECE_SIZE + i]! * 0.9);
    }
  }
  addNoise(piece, 10);

  // The hole: darkened (not by one fixed factor, so the piece cannot be matched by scaling it) and outlined.
  const shade = randomBytes(PIECE_SIZE * PIECE_SIZE);
  const black: Rgb = [0, 0, 0];
  for (let j = 0; j < PIECE_SIZE; j++) {
    for (let i = 0; i < PIECE_SIZE; i++) {
      const m = j * PIECE_SIZE + i;
      scene.blend(x + i, y + j, black, mask[m]! * (0.45 + (shade[m]! / 255) * 0.15));
      scene.blend(x + i, y + j, white, edge[m]! * 0.6);
    }
  }
  addNoise(scene, 14);

  return { background: encode(scene, null), piece: encode(piece, mask), x, y, startY };
}
