import fs from 'node:fs';

/**
 * The banned-words check of spec chat §5: input and system prompt are refused when, with all
 * whitespace removed and letters lower-cased, they contain a banned term; exempt phrases (legitimate
 * wordings that contain a banned term, e.g. the name of a law) are taken out first.
 *
 * List file format: one term per line; a line starting with `!` is an exempt phrase; `#` starts a
 * comment line.
 */
export interface ContentPolicy {
  /** The first banned term found, or null when the text may be sent. */
  violation(text: string): string | null;
}

export interface PolicyLists {
  banned: string[];
  exempt: string[];
}

const normalise = (text: string) => text.replace(/\s+/gu, '').toLowerCase();

export function parsePolicyLists(text: string): PolicyLists {
  const lists: PolicyLists = { banned: [], exempt: [] };
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    if (line.startsWith('!')) lists.exempt.push(normalise(line.slice(1)));
    else lists.banned.push(normalise(line));
  }
  lists.banned = lists.banned.filter(Boolean);
  lists.exempt = lists.exempt.filter(Boolean).sort((a, b) => b.length - a.length);
  return lists;
}

export function createContentPolicy({ banned, exempt }: PolicyLists): ContentPolicy {
  return {
    violation(text) {
      let checked = normalise(text);
      if (checked === '') return null;
      for (const phrase of exempt) checked = checked.split(phrase).join('\u0000');
      return banned.find((term) => checked.includes(term)) ?? null;
    },
  };
}

export const DEFAULT_POLICY_FILE = new URL('./banned-words.txt', import.meta.url);

/** The policy from CHAT_BANNED_WORDS_FILE, or the built-in list. */
export function loadContentPolicy(file?: string): ContentPolicy {
  return createContentPolicy(parsePolicyLists(fs.readFileSync(file ?? DEFAULT_POLICY_FILE, 'utf8')));
}
