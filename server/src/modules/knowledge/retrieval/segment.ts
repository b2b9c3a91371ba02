import { createRequire } from 'node:module';
import type { Jieba } from '@node-rs/jieba';

// @node-rs/jieba ships CommonJS with its dictionary as a separate entry.
const require = createRequire(import.meta.url);

let jieba: Jieba | null = null;
function segmenter(): Jieba {
  if (!jieba) {
    const { Jieba: JiebaClass } = require('@node-rs/jieba') as typeof import('@node-rs/jieba');
    const { dict } = require('@node-rs/jieba/dict') as { dict: Uint8Array };
    jieba = JiebaClass.withDict(dict);
  }
  return jieba;
}

/** Function words and question words that say nothing about what a passage is about. */
const STOP_WORDS = new Set(
  ('的 了 是 在 和 与 及 或 也 都 就 而 并 被 把 将 对 从 向 于 之 其 这 那 这个 那个 这些 那些 一个 我 你 他 她 它 我们 你们 他们 ' +
    '吗 呢 吧 啊 呀 哦 么 嘛 可以 能 能够 需要 要 会 应该 什么 怎么 怎样 如何 为什么 哪些 哪个 多久 多少 几 请问 一下 有 没有 ' +
    'the a an of to in on at for and or is are was were be by with as it this that what how which who when why do does can')
    .split(' '),
);

const HAS_WORD_CHARACTER = /[\p{L}\p{N}]/u;
const HAN = /\p{Script=Han}/u;

/**
 * Search terms of a text: jieba's search mode (long words also give their shorter words), lower
 * case, no punctuation or stop words; a Chinese word of several characters adds its characters,
 * so a paraphrase sharing a character (退 / 退货) still meets the passage (README "Retrieval").
 */
export function searchTerms(text: string): string[] {
  const terms: string[] = [];
  for (const raw of segmenter().cutForSearch(text, true)) {
    const word = raw.trim().toLowerCase();
    if (!word || !HAS_WORD_CHARACTER.test(word) || STOP_WORDS.has(word)) continue;
    terms.push(word);
    if (word.length > 1 && HAN.test(word)) for (const char of word) if (HAN.test(char) && !STOP_WORDS.has(char)) terms.push(char);
  }
  return terms.map((term) => term.replace(/[^\p{L}\p{N}_]/gu, '')).filter(Boolean);
}

/** How many of the most frequent single characters a query leaves out (bench/README.md "Knowledge at scale"). */
const COMMON_CHARACTERS = 300;
let commonCharacters: Set<string> | null = null;
/**
 * The Chinese characters used most as words of their own (一, 不, 人, 大…), by jieba's dictionary
 * frequencies: as a query term alone such a character matches most passages of a large base and
 * says little about any of them.
 */
function isCommonCharacter(term: string): boolean {
  if (!commonCharacters) {
    const { dict } = require('@node-rs/jieba/dict') as { dict: Uint8Array };
    const singles: Array<[string, number]> = [];
    for (const line of Buffer.from(dict).toString('utf8').split('\n')) {
      const [word, freq] = line.split(' ');
      if (word && [...word].length === 1 && HAN.test(word)) singles.push([word, Number(freq)]);
    }
    singles.sort((a, b) => b[1] - a[1]);
    commonCharacters = new Set(singles.slice(0, COMMON_CHARACTERS).map(([word]) => word));
  }
  return commonCharacters.has(term);
}

/** The distinct terms of a query, in order, at most `max`; common single characters left out while others remain. */
export function queryTerms(text: string, max = 64): string[] {
  const terms = [...new Set(searchTerms(text))];
  const telling = terms.filter((term) => !isCommonCharacter(term));
  return (telling.length > 0 ? telling : terms).slice(0, max);
}
