/** The `@query` being typed before the caret (spec chat §2: typing @ opens the agent picker). */
export interface Mention {
  /** Where the @ is. */
  start: number;
  /** The caret (the end of the query). */
  end: number;
  query: string;
}

/** An @ at the start or after whitespace, with no whitespace between it and the caret. */
export function mentionAt(text: string, caret: number): Mention | null {
  const match = /(?:^|\s)@([^\s@]*)$/.exec(text.slice(0, caret));
  if (!match) return null;
  const query = match[1]!;
  return { start: caret - query.length - 1, end: caret, query };
}

/** The text without the `@query` (an agent was picked for it) and where the caret goes. */
export function withoutMention(text: string, mention: Mention): { text: string; caret: number } {
  return { text: text.slice(0, mention.start) + text.slice(mention.end), caret: mention.start };
}
