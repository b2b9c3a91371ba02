import { createRequire } from 'node:module';
import type { UpstreamMessage } from './types.js';

type Counter = (text: string, options: { allowedSpecial: 'all' }) => number;
let o200k: Counter | undefined;

/**
 * Token counts for upstreams that report no usage, and for stopped answers: the o200k_base
 * encoding of GPT-4o-era models (other vendors' tokenizers differ by a few percent; billing uses
 * the upstream's own usage whenever it sends one). Its tables take about 65 MB, so they load on
 * the first count, not at startup.
 */
export function countTokens(text: string): number {
  if (text === '') return 0;
  o200k ??= (createRequire(import.meta.url)('gpt-tokenizer/encoding/o200k_base') as { countTokens: Counter }).countTokens;
  return o200k(text, { allowedSpecial: 'all' });
}

const CJK = /[\u3000-\u303f\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef]/gu;

/**
 * The offline model's own token count: one per CJK character or full-width mark, one per four other
 * characters — close to o200k on Chinese and English prose, deterministic, and free of the
 * tokenizer's tables (the offline model counts every answer).
 */
export function estimateTokens(text: string): number {
  if (text === '') return 0;
  const cjk = text.match(CJK)?.length ?? 0;
  return cjk + Math.ceil((text.length - cjk) / 4);
}

/**
 * What one image costs in prompt tokens, as an estimate: OpenAI counts 85–1105 by size and detail,
 * Anthropic about (width × height) / 750, some 1600 for a picture of a megapixel. The upper end,
 * so the points hold covers an image.
 */
export const IMAGE_PROMPT_TOKENS = 1600;

/** Prompt tokens of a chat request: every message's content (and images) plus a small per-message overhead, as OpenAI counts it. */
export function countPromptTokens(messages: readonly UpstreamMessage[], count: (text: string) => number = countTokens): number {
  const PER_MESSAGE = 3;
  const REPLY_PRIMER = 3;
  return messages.reduce((sum, message) => sum + PER_MESSAGE + count(message.content) + (message.images?.length ?? 0) * IMAGE_PROMPT_TOKENS, REPLY_PRIMER);
}
