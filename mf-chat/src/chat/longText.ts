/** spec chat §2: long messages are cut at 2000 characters with 显示全部 / 收起. */
export const LONG_MESSAGE = 2000;

/**
 * What a message shows: the whole text, or its first 2000 characters and an ellipsis while not
 * expanded. `long` says whether the toggle is offered. A surrogate pair is never split.
 */
export function shownText(text: string, expanded: boolean): { text: string; long: boolean } {
  const long = text.length > LONG_MESSAGE;
  if (!long || expanded) return { text, long };
  const end = /[\uD800-\uDBFF]/.test(text[LONG_MESSAGE - 1]!) ? LONG_MESSAGE - 1 : LONG_MESSAGE;
  return { text: `${text.slice(0, end)}…`, long };
}
