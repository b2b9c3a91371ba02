import type { ImageStyle } from '@qiming/contracts';

/**
 * The painter's styles: a name and the words added to the prompt when one is chosen. The words are
 * English (what image models follow best); the names go through the translation table.
 */
export const IMAGE_STYLES: readonly ImageStyle[] = [
  { key: 'photo', name: '写实摄影', prompt: 'photorealistic, 35mm photograph, natural lighting, high detail' },
  { key: 'anime', name: '动漫', prompt: 'anime style, cel shading, vibrant colors, clean line art' },
  { key: 'watercolor', name: '水彩', prompt: 'watercolor painting, soft washes, paper texture, delicate brushwork' },
  { key: 'oil', name: '油画', prompt: 'oil painting, thick impasto brushstrokes, rich colors, canvas texture' },
  { key: 'cyberpunk', name: '赛博朋克', prompt: 'cyberpunk, neon lights, rainy night city, futuristic, high contrast' },
  { key: 'guofeng', name: '国风', prompt: 'traditional Chinese painting style, ink wash, elegant, gongbi details' },
  { key: 'ink', name: '水墨', prompt: 'Chinese ink wash painting, monochrome, flowing brush, negative space' },
  { key: 'pixel', name: '像素风', prompt: 'pixel art, 16-bit, retro video game style, limited palette' },
  { key: '3d', name: '3D 卡通', prompt: '3D render, cute cartoon character, soft studio lighting, Pixar style' },
  { key: 'sketch', name: '素描', prompt: 'pencil sketch, graphite, hand-drawn, cross-hatching, monochrome' },
  { key: 'ghibli', name: '吉卜力', prompt: 'Studio Ghibli style, hand-painted background, warm pastel colors, whimsical' },
  { key: 'poster', name: '海报设计', prompt: 'graphic poster design, bold typography layout, flat colors, striking composition' },
];

const BY_KEY = new Map(IMAGE_STYLES.map((style) => [style.key, style]));

export const styleOf = (key: string | null | undefined): ImageStyle | undefined => (key ? BY_KEY.get(key) : undefined);

/** The prompt the provider gets: the user's words, then the style's. */
export function promptWithStyle(prompt: string, styleKey: string | null): string {
  const style = styleOf(styleKey);
  if (!style) return prompt;
  return prompt.trim() === '' ? style.prompt : `${prompt}, ${style.prompt}`;
}
