import { LARGE_PASTE_CHARS, pasteLargeText } from './largePaste';

describe('pasteLargeText', () => {
  it('puts a large paste over the selection with the caret after it, and leaves small ones to the browser', () => {
    const input = document.createElement('textarea');
    input.value = 'before [x] after';
    input.setSelectionRange(7, 10);
    const big = 'line\n'.repeat(LARGE_PASTE_CHARS / 5);
    expect(pasteLargeText(input, big)).toBe(true);
    expect(input.value).toBe(`before ${big} after`);
    expect(input.selectionStart).toBe(7 + big.length);
    expect(input.selectionEnd).toBe(7 + big.length);
    expect(pasteLargeText(input, 'small')).toBe(false);
    expect(input.value).toBe(`before ${big} after`);
  });
});
