import { hashText } from './random.js';

/** Things the painter knows how to draw. */
export type Motif = 'sea' | 'mountain' | 'city' | 'forest' | 'flower' | 'sun' | 'moon' | 'stars' | 'snow' | 'rain' | 'cloud' | 'cat' | 'dog' | 'bird' | 'fish';
/** Ways of rendering: a palette (cyberpunk, ink) or a treatment of the whole picture. */
export type PaintStyle = 'watercolor' | 'oil' | 'cyberpunk' | 'pixel' | 'ink' | 'anime' | 'sketch';
export type TimeOfDay = 'day' | 'dusk' | 'night';

/** Keywords are matched as substrings: Chinese has no spaces, and "sunset" should still find "sun". */
const MOTIF_WORDS: Record<Motif, readonly string[]> = {
  sea: ['海', '洋', '浪', '沙滩', '湖', '河', '江', '水面', 'sea', 'ocean', 'beach', 'wave', 'lake', 'river', 'coast'],
  mountain: ['山', '峰', '岭', '峡谷', 'mountain', 'hill', 'peak', 'valley', 'alps'],
  city: ['城市', '都市', '城', '楼', '街', '小镇', '镇', '建筑', 'city', 'town', 'street', 'building', 'skyline', 'village'],
  forest: ['森林', '树', '林', '竹', 'forest', 'tree', 'wood', 'jungle', 'bamboo', 'pine'],
  flower: ['花', '樱', '玫瑰', '荷', '郁金香', 'flower', 'blossom', 'rose', 'sakura', 'petal', 'tulip', 'lotus', 'garden'],
  sun: ['太阳', '日出', '日落', '夕阳', '阳光', '朝阳', 'sun', 'sunrise', 'sunset', 'sunny', 'dawn'],
  moon: ['月', 'moon', 'lunar'],
  stars: ['星', 'star', 'galaxy', 'milky', 'cosmos', '宇宙'],
  snow: ['雪', '冬', '冰', 'snow', 'winter', 'frost', 'ice'],
  rain: ['雨', 'rain', 'storm', 'drizzle'],
  cloud: ['云', '雾', 'cloud', 'mist', 'fog'],
  cat: ['猫', '喵', 'cat', 'kitten', 'kitty'],
  dog: ['狗', '犬', '柯基', 'dog', 'puppy', 'corgi'],
  bird: ['鸟', '鹤', '鹰', '燕', 'bird', 'crane', 'eagle', 'swallow', 'seagull'],
  fish: ['鱼', '鲸', 'fish', 'whale', 'koi', 'carp'],
};

const STYLE_WORDS: Record<PaintStyle, readonly string[]> = {
  watercolor: ['水彩', 'watercolor', 'watercolour', 'aquarelle'],
  oil: ['油画', '厚涂', 'oil painting', 'oil', 'impasto', 'van gogh', '梵高'],
  cyberpunk: ['赛博朋克', '赛博', '霓虹', 'cyberpunk', 'neon', 'synthwave', 'vaporwave'],
  pixel: ['像素', 'pixel', '8-bit', '8bit', 'retro game'],
  ink: ['水墨', '国风', '国画', '山水画', 'ink', 'sumi-e', 'chinese painting'],
  anime: ['动漫', '二次元', '卡通', '吉卜力', '插画', 'anime', 'manga', 'cartoon', 'ghibli', 'illustration'],
  sketch: ['素描', '线稿', '铅笔', 'sketch', 'pencil', 'line art', 'drawing'],
};

const NIGHT_WORDS = ['夜', '晚', '星空', '午夜', 'night', 'midnight', 'dark'];
const DUSK_WORDS = ['黄昏', '傍晚', '夕阳', '日落', '晚霞', 'dusk', 'sunset', 'twilight', 'evening', 'golden hour'];

/** Named colours in a prompt pull the palette's hue. */
const HUE_WORDS: readonly [readonly string[], number][] = [
  [['红', 'red', 'crimson'], 0],
  [['橙', 'orange'], 28],
  [['金', '黄', 'gold', 'yellow'], 48],
  [['绿', 'green', 'emerald'], 130],
  [['青', 'cyan', 'teal', 'turquoise'], 180],
  [['蓝', 'blue', 'azure'], 215],
  [['紫', 'purple', 'violet'], 275],
  [['粉', 'pink', 'rose'], 330],
];

export interface PromptReading {
  motifs: Set<Motif>;
  styles: Set<PaintStyle>;
  time: TimeOfDay;
  /** Hues named in the prompt, in the order found. */
  namedHues: number[];
  /** The prompt's words (English words, Chinese two-character pieces): each one hashes to a hue and a shape. */
  words: string[];
  /** The whole prompt's hash: the base of every random choice. */
  hash: number;
}

const has = (text: string, words: readonly string[]) => words.some((word) => text.includes(word));

/** English words, and for runs of Chinese characters, their two-character pieces (a cheap stand-in for word segmentation). */
export function wordsOf(prompt: string): string[] {
  const words: string[] = [];
  for (const run of prompt.toLowerCase().match(/[a-z0-9]+|[\u3400-\u9fff]+/g) ?? []) {
    if (!/[\u3400-\u9fff]/.test(run)) {
      if (run.length > 1) words.push(run);
      continue;
    }
    if (run.length === 1) words.push(run);
    for (let i = 0; i + 1 < run.length; i += 2) words.push(run.slice(i, i + 2));
  }
  return words;
}

export function readPrompt(prompt: string): PromptReading {
  const text = prompt.toLowerCase();
  const motifs = new Set((Object.keys(MOTIF_WORDS) as Motif[]).filter((motif) => has(text, MOTIF_WORDS[motif])));
  const styles = new Set((Object.keys(STYLE_WORDS) as PaintStyle[]).filter((style) => has(text, STYLE_WORDS[style])));
  const time: TimeOfDay = has(text, NIGHT_WORDS) || motifs.has('moon') ? 'night' : has(text, DUSK_WORDS) ? 'dusk' : 'day';
  if (time === 'night' && !motifs.has('sun')) motifs.add('stars');
  const namedHues = HUE_WORDS.filter(([words]) => has(text, words)).map(([, hue]) => hue);
  return { motifs, styles, time, namedHues, words: wordsOf(prompt), hash: hashText(text.trim()) };
}
