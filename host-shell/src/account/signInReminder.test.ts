import { chinaDay, takeSignInReminder } from './signInReminder';

describe('the sign-in reminder (spec platform §4: up to about 3 times)', () => {
  const storage = window.localStorage;
  beforeEach(() => storage.clear());
  const day1 = new Date('2026-11-24T10:00:00+08:00');

  it('reminds a signed-in user who has not signed in today, three page loads a day', () => {
    const state = { signedIn: true, hasSignIn: false };
    expect([1, 2, 3, 4].map(() => takeSignInReminder(state, storage, day1))).toEqual([true, true, true, false]);
    // The next China day (from 00:00 Beijing time) counts again.
    expect(takeSignInReminder(state, storage, new Date('2026-11-24T16:30:00Z'))).toBe(true);
  });

  it('never reminds a visitor, a user who signed in today, or before user info is known', () => {
    expect(takeSignInReminder({ signedIn: false, hasSignIn: false }, storage, day1)).toBe(false);
    expect(takeSignInReminder({ signedIn: true, hasSignIn: true }, storage, day1)).toBe(false);
    expect(takeSignInReminder({ signedIn: true, hasSignIn: undefined }, storage, day1)).toBe(false);
    expect(storage.length).toBe(0);
  });

  it('counts by the China calendar day', () => {
    expect(chinaDay(new Date('2026-11-24T15:59:00Z'))).toBe('2026-11-24');
    expect(chinaDay(new Date('2026-11-24T16:00:00Z'))).toBe('2026-11-25');
  });
});
