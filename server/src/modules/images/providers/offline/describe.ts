import sharp from 'sharp';
import type { InputImage } from '../provider.js';

const SAMPLE = 48;

interface Colour {
  name: string;
  share: number;
}

export interface ImageLook {
  /** 0–1 */
  brightness: number;
  saturation: number;
  contrast: number;
  /** Named colours, most of the picture first. */
  colours: Colour[];
  /** The top third is brighter than the bottom third by this much (a sky over land is > 0). */
  topLighter: number;
  /** Where the most contrasting area sits, as a Chinese phrase (画面中央, 左侧…). */
  focus: string;
  orientation: 'landscape' | 'portrait' | 'square';
}

function colourName(r: number, g: number, b: number): string {
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const light = (max + min) / 2 / 255;
  const chroma = (max - min) / 255;
  if (light < 0.13) return '黑色';
  if (chroma < 0.12) return light > 0.85 ? '白色' : '灰色';
  let hue = 0;
  if (max === r) hue = ((g - b) / (max - min) + 6) % 6;
  else if (max === g) hue = (b - r) / (max - min) + 2;
  else hue = (r - g) / (max - min) + 4;
  hue *= 60;
  if (hue < 15 || hue >= 345) return light < 0.35 ? '深红色' : '红色';
  if (hue < 40) return light < 0.4 ? '棕色' : '橙色';
  if (hue < 68) return light < 0.35 ? '橄榄色' : '黄色';
  if (hue < 160) return '绿色';
  if (hue < 195) return '青色';
  if (hue < 255) return light < 0.3 ? '深蓝色' : '蓝色';
  if (hue < 290) return '紫色';
  return '粉色';
}

/** Brightness, colours and layout from a 48×48 sample of the picture. */
export async function lookAt(image: InputImage): Promise<ImageLook> {
  const meta = await sharp(image.data).metadata();
  const pixels = await sharp(image.data).rotate().resize(SAMPLE, SAMPLE, { fit: 'fill' }).removeAlpha().toColourspace('srgb').raw().toBuffer();
  const counts = new Map<string, number>();
  const lumas = new Float64Array(SAMPLE * SAMPLE);
  let saturation = 0;
  for (let i = 0; i < SAMPLE * SAMPLE; i++) {
    const [r, g, b] = [pixels[i * 3]!, pixels[i * 3 + 1]!, pixels[i * 3 + 2]!];
    lumas[i] = (0.299 * r + 0.587 * g + 0.114 * b) / 255;
    saturation += (Math.max(r, g, b) - Math.min(r, g, b)) / 255;
    const name = colourName(r, g, b);
    counts.set(name, (counts.get(name) ?? 0) + 1);
  }
  const n = SAMPLE * SAMPLE;
  const brightness = lumas.reduce((a, b) => a + b, 0) / n;
  const contrast = Math.sqrt(lumas.reduce((a, l) => a + (l - brightness) ** 2, 0) / n);
  const rowMean = (from: number, to: number) => {
    let sum = 0;
    for (let y = from; y < to; y++) for (let x = 0; x < SAMPLE; x++) sum += lumas[y * SAMPLE + x]!;
    return sum / ((to - from) * SAMPLE);
  };
  const third = Math.floor(SAMPLE / 3);
  const { width, height } = meta.autoOrient;
  return {
    brightness,
    saturation: saturation / n,
    contrast,
    colours: [...counts].map(([name, count]) => ({ name, share: count / n })).sort((a, b) => b.share - a.share),
    topLighter: rowMean(0, third) - rowMean(SAMPLE - third, SAMPLE),
    focus: focusOf(lumas, brightness),
    orientation: width > height * 1.1 ? 'landscape' : height > width * 1.1 ? 'portrait' : 'square',
  };
}

/** The third of the picture (of nine) that differs most from the average: where the eye goes. */
function focusOf(lumas: Float64Array, mean: number): string {
  const names = ['左上方', '上方', '右上方', '左侧', '画面中央', '右侧', '左下方', '下方', '右下方'];
  const scores = new Float64Array(9);
  for (let y = 0; y < SAMPLE; y++) {
    for (let x = 0; x < SAMPLE; x++) {
      const cell = Math.min(2, Math.floor((y * 3) / SAMPLE)) * 3 + Math.min(2, Math.floor((x * 3) / SAMPLE));
      scores[cell]! += Math.abs(lumas[y * SAMPLE + x]! - mean);
    }
  }
  let best = 4;
  // The centre wins ties: most pictures are composed around it.
  for (let i = 0; i < 9; i++) if (scores[i]! > scores[best]! * 1.15) best = i;
  return names[best]!;
}

const ORIENTATION_TEXT = { landscape: '横幅构图', portrait: '竖幅构图', square: '方形构图' } as const;

/** Four candidate prompts in Chinese, as Midjourney's describe gives four. */
export function describeLook(look: ImageLook): string[] {
  const main = look.colours[0]?.name ?? '灰色';
  const second = look.colours.find((colour) => colour.name !== main && colour.share > 0.08)?.name;
  const palette = second ? `${main}与${second}` : main;
  const mood = look.brightness < 0.3 ? '幽暗静谧' : look.brightness > 0.7 ? '明亮通透' : '柔和自然';
  const light = look.brightness < 0.3 ? '夜色或低光环境' : look.brightness > 0.7 ? '充足的日光' : '柔和的散射光';
  const vivid = look.saturation > 0.45 ? '色彩鲜艳饱和' : look.saturation < 0.15 ? '色彩素雅、接近单色' : '色彩协调';
  const layered = look.topLighter > 0.12 ? '上方明亮开阔、下方深沉，像天空与地面的分层' : look.topLighter < -0.12 ? '下方比上方更亮，画面重心在下' : '明暗分布均匀';
  const contrast = look.contrast > 0.25 ? '强烈的明暗对比' : look.contrast < 0.1 ? '平缓的明暗过渡' : '适中的明暗对比';
  const shape = ORIENTATION_TEXT[look.orientation];
  return [
    `${mood}的画面，以${palette}为主色调，${vivid}，视觉焦点在${look.focus}，${shape}`,
    `${layered}，${light}，${contrast}，${palette}的配色`,
    `一幅${look.saturation > 0.45 ? '色彩浓烈的插画' : look.saturation < 0.15 ? '黑白摄影风格的作品' : '写实风格的照片'}，主体位于${look.focus}，${mood}的氛围，${shape}`,
    `极简构图，${palette}，${contrast}，${light}，高清细节，${look.brightness < 0.3 ? '电影感夜景' : '清新色调'}`,
  ];
}
