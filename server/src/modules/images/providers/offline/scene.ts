import * as draw from './motifs.js';
import type { Frame } from './motifs.js';
import { paletteFor } from './palette.js';
import { readPrompt, type PromptReading } from './promptReading.js';
import { mix, randomFrom } from './random.js';

export interface SceneRequest {
  prompt: string;
  seed: number;
  /**
   * 0 for the seed's own picture; another number keeps the seed's composition (horizon, ridges,
   * buildings, where things stand) and redraws the details (stars, waves, colours of flowers): a variation.
   */
  variant: number;
  /** Pixel size of the SVG's rendering. */
  width: number;
  height: number;
}

export interface Scene {
  svg: string;
  reading: PromptReading;
}

const GLOW_FILTER =
  '<filter id="glow" x="-20%" y="-20%" width="140%" height="140%"><feGaussianBlur stdDeviation="5" result="b"/><feMerge><feMergeNode in="b"/><feMergeNode in="SourceGraphic"/></feMerge></filter>';

/** Outlines for the cartoon-like styles: every shape of class `o` gets a dark stroke. */
const OUTLINE_CSS = '<style>.o{stroke:#1d1b2b;stroke-width:3;stroke-linejoin:round}</style>';

export function composeScene(request: SceneRequest): Scene {
  const reading = readPrompt(request.prompt);
  const base = mix(reading.hash, request.seed >>> 0);
  const layout = randomFrom(base);
  const detail = randomFrom(mix(base, request.variant + 1));
  const palette = paletteFor(reading, detail);
  const { motifs, styles, time } = reading;

  const w = 1000;
  const h = Math.round((1000 * request.height) / request.width);
  const horizonShare = motifs.has('sea') ? layout.between(0.5, 0.62) : motifs.size > 0 ? layout.between(0.6, 0.72) : 0.7;
  const frame: Frame = { w, h, horizon: h * horizonShare };
  const night = time === 'night';
  const neon = styles.has('cyberpunk');

  const layers: string[] = [draw.sky(frame, palette)];
  if (motifs.has('stars') || (neon && night)) layers.push(draw.stars(frame, detail, night ? 160 : 60));
  let lightX: number | null = null;
  if (motifs.has('sun') && !night) {
    const sun = draw.disc(frame, palette, layout, 'sun', time === 'dusk');
    layers.push(sun.svg);
    lightX = sun.x;
  } else if (motifs.has('moon') || (night && layout.chance(0.6))) {
    const moon = draw.disc(frame, palette, layout, 'moon', false);
    layers.push(moon.svg);
    lightX = moon.x;
  }
  if (motifs.has('cloud') || (!night && layout.chance(0.5))) layers.push(draw.clouds(frame, detail, night));
  // The prompt's words as faint shapes behind the subject: prompts with the same motifs still differ.
  layers.push(draw.wordShapes(frame, reading.words, base, motifs.size > 0 ? 0.12 : 0.85));
  if (motifs.has('mountain')) layers.push(draw.mountains(frame, palette, layout, motifs.has('snow'), styles.has('ink')));
  if (motifs.has('bird')) layers.push(draw.birds(frame, palette, detail));
  if (motifs.has('sea')) layers.push(draw.sea(frame, palette, detail, lightX));
  else if (motifs.size > 0) layers.push(draw.ground(frame, palette));
  if (neon && !motifs.has('sea')) layers.push(draw.neonGrid(frame, palette));
  if (motifs.has('city')) layers.push(draw.city(frame, palette, layout, detail, night || neon, neon));
  if (motifs.has('sea') && (motifs.has('cat') || motifs.has('dog') || motifs.has('flower'))) layers.push(draw.shore(frame, palette, layout));
  if (motifs.has('fish')) layers.push(draw.fishes(frame, palette, detail));
  if (motifs.has('forest')) layers.push(draw.forest(frame, palette, layout, detail));
  if (motifs.has('flower')) layers.push(draw.flowers(frame, palette, layout, detail));
  if (motifs.has('cat')) layers.push(draw.animal(frame, palette, layout, 'cat'));
  if (motifs.has('dog')) layers.push(draw.animal(frame, palette, layout, 'dog'));
  if (motifs.has('snow')) layers.push(draw.snow(frame, detail));
  if (motifs.has('rain')) layers.push(draw.rain(frame, detail));
  if (styles.has('ink')) layers.push(draw.seal(frame, palette));

  const outlined = styles.has('anime') || styles.has('sketch');
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${request.width}" height="${request.height}" viewBox="0 0 ${w} ${h}" preserveAspectRatio="none">` +
    `<defs>${GLOW_FILTER}</defs>${outlined ? OUTLINE_CSS : ''}${layers.join('')}` +
    '</svg>';
  return { svg, reading };
}
