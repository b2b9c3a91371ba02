import type { PromptReading } from './promptReading.js';
import { hashText, type Random } from './random.js';

export interface Palette {
  skyTop: string;
  skyBottom: string;
  /** Far layers (distant mountains, haze), then near ones. */
  far: string;
  near: string;
  ground: string;
  water: string;
  waterDeep: string;
  /** Sun, lit windows, flower centres. */
  light: string;
  /** The prompt's own colour: flowers, abstract shapes. */
  accent: string;
  accent2: string;
  /** Silhouettes (animals, trunks). */
  dark: string;
}

export const hsl = (h: number, s: number, l: number) => `hsl(${Math.round(((h % 360) + 360) % 360)},${Math.round(Math.min(100, Math.max(0, s)))}%,${Math.round(Math.min(100, Math.max(0, l)))}%)`;

/** Each word's hash picks a hue family; a named colour (蓝, red…) wins over the hashes. */
export function baseHue(reading: PromptReading): number {
  if (reading.namedHues.length > 0) return reading.namedHues[0]!;
  if (reading.words.length === 0) return reading.hash % 360;
  // The circular mean of the words' hues: a prompt of warm words stays warm.
  let x = 0;
  let y = 0;
  for (const word of reading.words) {
    const hue = ((hashText(word) % 12) * 30 * Math.PI) / 180;
    x += Math.cos(hue);
    y += Math.sin(hue);
  }
  return Math.abs(x) + Math.abs(y) < 1e-6 ? reading.hash % 360 : ((Math.atan2(y, x) * 180) / Math.PI + 360) % 360;
}

export function paletteFor(reading: PromptReading, random: Random): Palette {
  const hue = baseHue(reading) + random.between(-12, 12);
  const accentHue = reading.namedHues[1] ?? hue + random.pick([150, 180, 210]);
  const { styles, time, motifs } = reading;

  if (styles.has('cyberpunk')) {
    return {
      skyTop: hsl(265, 70, 8), skyBottom: hsl(300, 80, 28), far: hsl(270, 50, 22), near: hsl(260, 45, 12),
      ground: hsl(255, 50, 9), water: hsl(290, 70, 25), waterDeep: hsl(250, 70, 10),
      light: hsl(185, 100, 60), accent: hsl(315, 100, 60), accent2: hsl(185, 100, 55), dark: hsl(250, 40, 6),
    };
  }
  if (styles.has('ink')) {
    return {
      skyTop: hsl(40, 30, 92), skyBottom: hsl(40, 25, 86), far: hsl(210, 8, 72), near: hsl(210, 10, 35),
      ground: hsl(40, 15, 80), water: hsl(210, 8, 80), waterDeep: hsl(210, 10, 60),
      light: hsl(5, 75, 45), accent: hsl(5, 70, 45), accent2: hsl(210, 10, 20), dark: hsl(0, 0, 12),
    };
  }
  const snowy = motifs.has('snow');
  if (time === 'night') {
    return {
      skyTop: hsl(hue * 0.2 + 220, 55, 6), skyBottom: hsl(hue * 0.2 + 225, 45, 22), far: hsl(230, 25, 20), near: hsl(230, 25, 11),
      ground: snowy ? hsl(220, 20, 55) : hsl(hue, 25, 10), water: hsl(225, 45, 18), waterDeep: hsl(230, 50, 8),
      light: hsl(48, 100, 75), accent: hsl(hue, 60, 55), accent2: hsl(accentHue, 55, 60), dark: hsl(230, 30, 4),
    };
  }
  if (time === 'dusk') {
    return {
      skyTop: hsl(260 + (hue % 30), 45, 30), skyBottom: hsl(25 + (hue % 20), 90, 62), far: hsl(300, 25, 40), near: hsl(280, 30, 22),
      ground: hsl(hue, 30, 20), water: hsl(20, 55, 45), waterDeep: hsl(250, 35, 25),
      light: hsl(38, 100, 70), accent: hsl(hue, 70, 55), accent2: hsl(accentHue, 60, 55), dark: hsl(270, 35, 10),
    };
  }
  return {
    skyTop: hsl(snowy ? 210 : 205 + (hue - 180) * 0.08, snowy ? 25 : 70, snowy ? 78 : 58), skyBottom: hsl(hue, snowy ? 15 : 45, snowy ? 92 : 86),
    far: hsl(hue + 200, 20, 68), near: hsl(hue + 160, 30, 42),
    ground: snowy ? hsl(210, 30, 95) : hsl(hue + 100, 40, 45), water: hsl(200, 65, 52), waterDeep: hsl(215, 70, 30),
    light: hsl(45, 100, 70), accent: hsl(hue, 75, 58), accent2: hsl(accentHue, 70, 60), dark: hsl(hue + 200, 25, 16),
  };
}
