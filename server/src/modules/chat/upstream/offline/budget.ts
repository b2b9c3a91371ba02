import { estimateTokens } from '../tokens.js';

export interface CountedText {
  text: string;
  tokens: number;
}

/** The text cut to at most `maxTokens` tokens (shortened proportionally, then re-counted). */
export function cutToTokens(text: string, maxTokens: number): CountedText {
  let cut = text;
  let tokens = estimateTokens(cut);
  while (tokens > maxTokens) {
    const keep = Math.floor((cut.length * Math.max(0, maxTokens)) / tokens * 0.95);
    cut = cut.slice(0, keep);
    const last = cut.charCodeAt(cut.length - 1);
    if (last >= 0xd800 && last <= 0xdbff) cut = cut.slice(0, -1);
    tokens = estimateTokens(cut);
  }
  return { text: cut, tokens };
}

/**
 * Reasoning and content within the request's output budget (what the points hold covers): the
 * reasoning comes first, the content gets what is left, as an upstream cut at max_tokens would.
 */
export function withinBudget(reasoning: string, content: string, maxTokens: number): { reasoning: CountedText; content: CountedText } {
  const fittedReasoning = cutToTokens(reasoning, maxTokens);
  return { reasoning: fittedReasoning, content: cutToTokens(content, maxTokens - fittedReasoning.tokens) };
}
