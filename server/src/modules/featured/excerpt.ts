import type { SharedConversation } from '@qiming/contracts';
import { cutText } from '../conversations/index.js';

export const QUESTION_CHARS = 80;
export const ANSWER_CHARS = 140;

/** The first non-empty lines of a message as plain text: markdown's markers go, the words stay. */
export function plainLines(markdown: string, lines: number): string {
  return markdown
    .replace(/```[\s\S]*?(```|$)/g, ' ')
    .split('\n')
    .map((line) =>
      line
        .replace(/^\s{0,3}(#{1,6}\s+|>\s?|[-*+]\s+|\d+[.)]\s+)/, '')
        .replace(/!\[[^\]]*\]\([^)]*\)/g, '')
        .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
        .replace(/(\*\*|__|\*|_|`|~~)/g, '')
        .replace(/\$\$?/g, '')
        .trim(),
    )
    .filter(Boolean)
    .slice(0, lines)
    .join(' ');
}

/** The card's first lines: the first question and the start of its answer. */
export function excerptOf(conversation: SharedConversation): { question: string; answer: string } {
  const question = conversation.messages.find((m) => m.role === 'user')?.content ?? '';
  const answer = conversation.messages.find((m) => m.role === 'assistant')?.content ?? '';
  return { question: cutText(plainLines(question, 2), QUESTION_CHARS, '…'), answer: cutText(plainLines(answer, 3), ANSWER_CHARS, '…') };
}
