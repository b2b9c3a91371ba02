import type { Mention } from '../agents/mention';

/**
 * The `/query` being typed (spec chat §2: typing / opens the knowledge picker): a / that starts the
 * input, with no whitespace between it and the caret. Picking removes it like an @query (`withoutMention`).
 */
export function slashAt(text: string, caret: number): Mention | null {
  const match = /^\/(\S*)$/.exec(text.slice(0, caret));
  if (!match) return null;
  return { start: 0, end: caret, query: match[1]! };
}
