import { DEFAULT_THEME, readTheme, ThemeStore } from './theme';

function memory(initial: Record<string, string> = {}) {
  const map = new Map(Object.entries(initial));
  return { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v), removeItem: (k: string) => void map.delete(k), map };
}

describe('theme', () => {
  it.each([
    [null, DEFAULT_THEME],
    ['dark', DEFAULT_THEME],
    ['light', DEFAULT_THEME],
    ['{"mode":"dark","primary":"green"}', { mode: 'light', primary: 'green' }],
    ['{"primary":"pink"}', DEFAULT_THEME],
    ['{not json', DEFAULT_THEME],
  ])('reads %s as light', (stored, expected) => {
    expect(readTheme(stored)).toEqual(expected);
  });

  it('coerces a stored dark theme to light and writes it back', () => {
    const storage = memory({ theme: 'dark' });
    const store = new ThemeStore(storage);
    expect(store.choice.mode).toBe('light');
    expect(JSON.parse(storage.map.get('theme')!)).toEqual(DEFAULT_THEME);
  });

  it('keeps a chosen colour and refuses dark', () => {
    const storage = memory();
    const store = new ThemeStore(storage);
    store.choose({ mode: 'dark', primary: 'blue' });
    expect(store.choice).toEqual({ mode: 'light', primary: 'blue' });
    expect(store.primaryHex).toBe('#1677ff');
    store.choose({ primary: 'nope' });
    expect(store.choice.primary).toBe('blue');
    expect(new ThemeStore(storage).choice.primary).toBe('blue');
  });
});
