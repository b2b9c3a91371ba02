import { debugEnabled } from './debugFlag';

describe('debugEnabled', () => {
  it('is off by default, on with ?debug=1 for the rest of the tab, off again with ?debug=0', () => {
    const storage = window.sessionStorage;
    storage.clear();
    expect(debugEnabled('', storage)).toBe(false);
    expect(debugEnabled('?model=gpt-4o&debug=1', storage)).toBe(true);
    expect(debugEnabled('', storage)).toBe(true);
    expect(debugEnabled('?debug=0', storage)).toBe(false);
    expect(debugEnabled('', storage)).toBe(false);
  });
});
