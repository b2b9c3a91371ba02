/**
 * Pasted text this long goes in through `setRangeText` instead of the browser's own insertion:
 * Chromium inserts a paste line by line, and 2,000 lines took over 4 s (bench/README.md, "Chat
 * rendering"; setRangeText: 70 ms). The price: such a paste is not on the browser's undo stack.
 */
export const LARGE_PASTE_CHARS = 2000;

/**
 * Puts a large pasted text where the selection is (replacing it), the caret after it; false for a
 * small one, which the browser pastes as usual.
 */
export function pasteLargeText(input: HTMLTextAreaElement, text: string): boolean {
  if (text.length < LARGE_PASTE_CHARS) return false;
  input.setRangeText(text, input.selectionStart, input.selectionEnd, 'end');
  return true;
}
