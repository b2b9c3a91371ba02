import { readPrompt } from '../../../images/providers/offline/promptReading.js';
import { mix, randomFrom, type Random } from '../../../images/providers/offline/random.js';

/**
 * The offline clip's frames, drawn in plain JavaScript into RGBA buffers: a camera that pans and
 * zooms over a larger still (the prompt's painted scene, or the uploaded first frame: a Ken Burns
 * move), moving elements chosen from the prompt (snow falls, rain streaks, stars twinkle, otherwise
 * glowing motes drift up) and the caption wiped in from the left. No fade from black: the first
 * frame is what a paused player shows before it plays.
 */

/** An RGB picture (3 bytes a pixel), the camera's ground. */
export interface Still {
  width: number;
  height: number;
  rgb: Uint8Array;
}

/** An RGBA overlay (the caption), as wide as the frame, drawn at `top`. */
export interface Overlay {
  width: number;
  height: number;
  top: number;
  rgba: Uint8Array;
}

/** The still is this much larger than the frame, so the camera has room to move. */
export const STILL_SCALE = 1.25;

type ParticleKind = 'snow' | 'rain' | 'stars' | 'motes';

interface Particle {
  x: number;
  y: number;
  vx: number;
  vy: number;
  radius: number;
  alpha: number;
  phase: number;
  colour: [number, number, number];
}

export interface ClipPlan {
  width: number;
  height: number;
  frames: number;
  fps: number;
  kind: ParticleKind;
  particles: Particle[];
  /** The view's centre and width (share of the still's width) at the start and the end. */
  from: { cx: number; cy: number; span: number };
  to: { cx: number; cy: number; span: number };
}

const ease = (t: number) => t * t * (3 - 2 * t);

function particleKind(prompt: string): ParticleKind {
  const reading = readPrompt(prompt);
  if (reading.motifs.has('snow')) return 'snow';
  if (reading.motifs.has('rain')) return 'rain';
  if (reading.time === 'night' || reading.motifs.has('stars')) return 'stars';
  return 'motes';
}

function particlesOf(kind: ParticleKind, random: Random, width: number, height: number): Particle[] {
  const count = kind === 'rain' ? 70 : kind === 'snow' ? 60 : kind === 'stars' ? 45 : 28;
  const scale = Math.min(width, height) / 360;
  return Array.from({ length: count }, () => {
    const base = { x: random.between(0, width), y: random.between(0, height), phase: random.between(0, Math.PI * 2) };
    switch (kind) {
      case 'snow':
        return { ...base, vx: random.between(-12, 12) * scale, vy: random.between(25, 60) * scale, radius: random.between(1.2, 3.2) * scale, alpha: random.between(0.6, 0.95), colour: [255, 255, 255] as [number, number, number] };
      case 'rain':
        return { ...base, vx: -40 * scale, vy: random.between(260, 380) * scale, radius: random.between(0.6, 1.1) * scale, alpha: random.between(0.35, 0.6), colour: [200, 215, 255] as [number, number, number] };
      case 'stars':
        return { ...base, y: random.between(0, height * 0.6), vx: 0, vy: 0, radius: random.between(0.8, 2) * scale, alpha: random.between(0.5, 1), colour: [255, 250, 225] as [number, number, number] };
      case 'motes':
        return { ...base, vx: random.between(-10, 10) * scale, vy: -random.between(10, 30) * scale, radius: random.between(2, 5) * scale, alpha: random.between(0.25, 0.55), colour: [255, random.int(200, 240), random.int(150, 200)] as [number, number, number] };
    }
  });
}

/** Where the camera goes and what moves, the same for the same prompt and seed. */
export function planClip(prompt: string, seed: number, width: number, height: number, seconds: number, fps: number): ClipPlan {
  const random = randomFrom(mix(readPrompt(prompt).hash, seed >>> 0));
  const kind = particleKind(prompt);
  const full = 1 / STILL_SCALE;
  // Zoom in or out, drifting from one side towards the other; the view always stays on the still.
  const zoomIn = random.chance(0.65);
  const wide = { span: full, cx: 0.5, cy: 0.5 };
  const close = { span: full * 0.84, cx: 0.5, cy: 0.5 };
  const [from, to] = zoomIn ? [{ ...wide }, { ...close }] : [{ ...close }, { ...wide }];
  const drift = random.pick([-1, 1]);
  for (const [view, side] of [[from, -drift], [to, drift]] as const) {
    const room = (1 - view.span) / 2;
    view.cx = 0.5 + side * room * random.between(0.5, 0.95);
    view.cy = 0.5 + random.between(-0.6, 0.6) * room;
  }
  return { width, height, fps, frames: Math.max(1, Math.round(seconds * fps)), kind, particles: particlesOf(kind, random, width, height), from, to };
}

/** Samples the still into the frame through the camera's view at time `t` (0–1), bilinear. */
function drawCamera(out: Uint8Array, still: Still, plan: ClipPlan, t: number): void {
  const e = ease(t);
  const span = plan.from.span + (plan.to.span - plan.from.span) * e;
  const cx = plan.from.cx + (plan.to.cx - plan.from.cx) * e;
  const cy = plan.from.cy + (plan.to.cy - plan.from.cy) * e;
  const viewW = span * still.width;
  const viewH = viewW * (plan.height / plan.width);
  const left = Math.max(0, Math.min(still.width - viewW, cx * still.width - viewW / 2));
  const top = Math.max(0, Math.min(still.height - viewH, cy * still.height - viewH / 2));
  const stepX = viewW / plan.width;
  const stepY = viewH / plan.height;
  const maxX = still.width - 1;
  const maxY = still.height - 1;
  const src = still.rgb;
  let o = 0;
  for (let y = 0; y < plan.height; y++) {
    const sy = Math.min(maxY, top + (y + 0.5) * stepY);
    const y0 = Math.floor(sy);
    const y1 = Math.min(maxY, y0 + 1);
    const fy = sy - y0;
    const row0 = y0 * still.width;
    const row1 = y1 * still.width;
    for (let x = 0; x < plan.width; x++) {
      const sx = Math.min(maxX, left + (x + 0.5) * stepX);
      const x0 = Math.floor(sx);
      const x1 = Math.min(maxX, x0 + 1);
      const fx = sx - x0;
      const a = (row0 + x0) * 3;
      const b = (row0 + x1) * 3;
      const c = (row1 + x0) * 3;
      const d = (row1 + x1) * 3;
      for (let k = 0; k < 3; k++) {
        const topMix = src[a + k]! + (src[b + k]! - src[a + k]!) * fx;
        const bottomMix = src[c + k]! + (src[d + k]! - src[c + k]!) * fx;
        out[o + k] = topMix + (bottomMix - topMix) * fy;
      }
      out[o + 3] = 255;
      o += 4;
    }
  }
}

function blendPixel(out: Uint8Array, width: number, height: number, x: number, y: number, colour: [number, number, number], alpha: number): void {
  if (x < 0 || y < 0 || x >= width || y >= height || alpha <= 0) return;
  const i = (y * width + x) * 4;
  const a = Math.min(1, alpha);
  out[i] = out[i]! + (colour[0] - out[i]!) * a;
  out[i + 1] = out[i + 1]! + (colour[1] - out[i + 1]!) * a;
  out[i + 2] = out[i + 2]! + (colour[2] - out[i + 2]!) * a;
}

/** A soft disc: full alpha at the centre, fading to nothing at the rim. */
function drawDisc(out: Uint8Array, plan: ClipPlan, x: number, y: number, radius: number, colour: [number, number, number], alpha: number): void {
  const r = Math.max(1, radius);
  for (let py = Math.floor(y - r); py <= Math.ceil(y + r); py++) {
    for (let px = Math.floor(x - r); px <= Math.ceil(x + r); px++) {
      const d = Math.hypot(px - x, py - y) / r;
      if (d < 1) blendPixel(out, plan.width, plan.height, px, py, colour, alpha * (1 - d) * (1 - d) * 1.6);
    }
  }
}

const wrap = (value: number, size: number) => ((value % size) + size) % size;

function drawParticles(out: Uint8Array, plan: ClipPlan, seconds: number): void {
  const { width, height } = plan;
  for (const p of plan.particles) {
    const x = wrap(p.x + p.vx * seconds + (plan.kind === 'snow' ? Math.sin(p.phase + seconds * 1.5) * 6 : 0), width);
    const y = wrap(p.y + p.vy * seconds, height);
    if (plan.kind === 'rain') {
      // A short streak along the fall.
      const length = 14 * (height / 360);
      for (let s = 0; s < length; s++) blendPixel(out, width, height, Math.round(x + (p.vx / p.vy) * s), Math.round(y + s), p.colour, p.alpha * (1 - s / length));
    } else if (plan.kind === 'stars') {
      const twinkle = 0.55 + 0.45 * Math.sin(p.phase + seconds * 3.2);
      drawDisc(out, plan, x, y, p.radius * 1.6, p.colour, p.alpha * twinkle);
    } else {
      drawDisc(out, plan, x, y, p.radius, p.colour, p.alpha * (plan.kind === 'motes' ? 0.75 + 0.25 * Math.sin(p.phase + seconds * 2) : 1));
    }
  }
}

/** The caption over the frame, revealed from the left up to `reveal` (0–1). */
function drawOverlay(out: Uint8Array, plan: ClipPlan, overlay: Overlay, reveal: number): void {
  const columns = Math.round(Math.max(0, Math.min(1, reveal)) * overlay.width);
  for (let y = 0; y < overlay.height; y++) {
    const fy = overlay.top + y;
    if (fy < 0 || fy >= plan.height) continue;
    for (let x = 0; x < Math.min(columns, plan.width); x++) {
      const s = (y * overlay.width + x) * 4;
      const alpha = overlay.rgba[s + 3]! / 255;
      if (alpha === 0) continue;
      const o = (fy * plan.width + x) * 4;
      out[o] = out[o]! + (overlay.rgba[s]! - out[o]!) * alpha;
      out[o + 1] = out[o + 1]! + (overlay.rgba[s + 1]! - out[o + 1]!) * alpha;
      out[o + 2] = out[o + 2]! + (overlay.rgba[s + 2]! - out[o + 2]!) * alpha;
    }
  }
}

/** The caption's wipe lasts this long (seconds). */
const CAPTION_IN = 1.2;

/** Frame `index` of the clip into `out` (width × height × 4 bytes). */
export function drawFrame(out: Uint8Array, index: number, plan: ClipPlan, still: Still, overlays: Overlay[]): void {
  const t = plan.frames > 1 ? index / (plan.frames - 1) : 0;
  const seconds = index / plan.fps;
  drawCamera(out, still, plan, t);
  drawParticles(out, plan, seconds);
  for (const overlay of overlays) drawOverlay(out, plan, overlay, (seconds - 0.2) / CAPTION_IN);
}
