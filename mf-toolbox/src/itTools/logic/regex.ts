import { t } from '../i18n';
import { fail, ok, type Result } from './result';

export interface RegexMatch {
  index: number;
  end: number;
  text: string;
  groups: (string | undefined)[];
  named: Record<string, string | undefined>;
}

export const MAX_MATCHES = 1000;

/** Every match of the pattern in the text (the first only without g), capped at MAX_MATCHES. */
export function runRegex(pattern: string, flags: string, text: string): Result<{ matches: RegexMatch[]; capped: boolean }> {
  if (!pattern) return fail(t('it.regex.emptyPattern'));
  let re: RegExp;
  try {
    re = new RegExp(pattern, flags);
  } catch (error) {
    const reason = error instanceof Error ? error.message.replace(/^Invalid regular expression: /, '') : String(error);
    return fail(t('it.regex.invalid', { reason }));
  }
  const matches: RegexMatch[] = [];
  const toMatch = (m: RegExpExecArray): RegexMatch => ({ index: m.index, end: m.index + m[0].length, text: m[0], groups: m.slice(1), named: { ...m.groups } });
  if (!re.global && !re.sticky) {
    const m = re.exec(text);
    return ok({ matches: m ? [toMatch(m)] : [], capped: false });
  }
  let m: RegExpExecArray | null;
  while ((m = re.exec(text)) !== null) {
    matches.push(toMatch(m));
    // An empty match would match again at the same place forever.
    if (m[0] === '') re.lastIndex += re.unicode || re.flags.includes('v') ? codePointLength(text, re.lastIndex) : 1;
    if (matches.length >= MAX_MATCHES) return ok({ matches, capped: true });
  }
  return ok({ matches, capped: false });
}

const codePointLength = (text: string, at: number) => ((text.codePointAt(at) ?? 0) > 0xffff ? 2 : 1);

export type Segment = { text: string; match: number | null };

/** The text cut into plain runs and matches (their number), for highlighting. */
export function segments(text: string, matches: RegexMatch[]): Segment[] {
  const out: Segment[] = [];
  let at = 0;
  matches.forEach((m, i) => {
    if (m.end === m.index) return;
    if (m.index > at) out.push({ text: text.slice(at, m.index), match: null });
    out.push({ text: text.slice(m.index, m.end), match: i });
    at = m.end;
  });
  if (at < text.length) out.push({ text: text.slice(at), match: null });
  return out;
}

/** Replacement result ($1, $<name> as JavaScript reads them). */
export function replaceAll(pattern: string, flags: string, text: string, replacement: string): Result<string> {
  try {
    return ok(text.replace(new RegExp(pattern, flags), replacement));
  } catch (error) {
    return fail(t('it.regex.invalid', { reason: error instanceof Error ? error.message : String(error) }));
  }
}
