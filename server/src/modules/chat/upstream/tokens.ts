import { countTokens as countO200k } from 'gpt-tokenizer/encoding/o200k_base';
import type { UpstreamMessage } from './types.js';

/**
 * Token counts for upstreams that report no usage (and for the offline model): the o200k_base
 * encoding of GPT-4o-era models. Other vendors' tokenizers differ by a few percent; billing uses
 * the upstream's own usage whenever it sends one.
 */
export function countTokens(text: string): number {
  return text === '' ? 0 : countO200k(text, { allowedSpecial: 'all' });
}

/** Prompt tokens of a chat request: every message's content plus a small per-message overhead, as OpenAI counts it. */
export function countPromptTokens(messages: readonly UpstreamMessage[]): number {
  const PER_MESSAGE = 3;
  const REPLY_PRIMER = 3;
  return messages.reduce((sum, message) => sum + PER_MESSAGE + countTokens(message.content), REPLY_PRIMER);
}
