/**
 * The role-play scenes of 哄哄模拟器 (spec chat §1, §3 hongScene, §4 "Forgiveness game"): the player
 * placates an upset partner. A message with `useHong: true` and a scene's code as `intelligentCode`
 * makes the model play the partner; every reply ends with one score line, `【原谅值】+N` or
 * `【原谅值】-N` (N 0–30: the change the player's last message caused).
 */

/** The game's rules (spec chat §4): 10 tries, forgiven at 100, 5 counted when a reply has no score. */
export const HONG_RULES = { maxTries: 10, target: 100, missingScore: 5, maxStep: 30 } as const;

/** Starts the score line every role-play reply ends with. */
export const HONG_SCORE_MARKER = '【原谅值】';

/** One scene (what the player picks and sees before the first message). */
export interface HongScene {
  /** Sent as `intelligentCode` with `useHong: true`; always starts with `hong-`. */
  code: string;
  title: string;
  /** The situation shown to the player, 1–3 sentences. */
  scene: string;
  partnerName: string;
  /** 女朋友, 男朋友, 老板, 妈妈… */
  partnerRole: string;
  /** The partner's first, angry line (shown before the player's first message). */
  opening: string;
  maxTries: typeof HONG_RULES.maxTries;
  target: typeof HONG_RULES.target;
}

// GET backend-api/getHongScenes → HongSceneList (no login needed)
export interface HongSceneList {
  scenes: HongScene[];
}

// Full-width and minus-sign variants too: models write them now and then.
const SCORE_LINE = /【原谅值】[ \t]*[:：]?[ \t]*([+＋\-－−])?[ \t]*(\d{1,3})/g;

/**
 * The score change of a reply: the last `【原谅值】±N` in it, clamped to ±30; null when the reply has
 * none (yet: a reply being streamed gets its score with its last line). A missing sign counts as +.
 */
export function parseHongScore(text: string): number | null {
  const last = [...text.matchAll(SCORE_LINE)].at(-1);
  if (!last) return null;
  const size = Math.min(Number(last[2]), HONG_RULES.maxStep);
  const negative = last[1] !== undefined && last[1] !== '+' && last[1] !== '＋';
  return negative && size > 0 ? -size : size;
}

/** The score line for a change, in exactly the form replies end with: `【原谅值】+12`, `【原谅值】-5`. */
export function hongScoreLine(change: number): string {
  const size = Math.min(Math.abs(Math.trunc(change)), HONG_RULES.maxStep);
  return `${HONG_SCORE_MARKER}${change < 0 && size > 0 ? '-' : '+'}${size}`;
}

/** The reply as the player reads it: without its score lines and the blank lines before them. */
export function withoutHongScore(text: string): string {
  return text.replace(/\s*【原谅值】[^\n]*/g, '').trimEnd();
}
