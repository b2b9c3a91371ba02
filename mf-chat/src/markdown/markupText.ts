/** spec chat §5: user text starting with [ or ![ is markup and rendered; anything else is plain text. */
export function isMarkupText(text: string): boolean {
  return text.startsWith('[') || text.startsWith('![');
}
