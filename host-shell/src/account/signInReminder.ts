/** Local storage key of the reminder's count: `{ day, shows }` for the China calendar day. */
export const SIGN_IN_REMINDER_KEY = 'signInReminder';
/** spec platform §4: the sign-in notification appears up to about 3 times. */
export const SIGN_IN_REMINDER_MAX = 3;

type Store = Pick<Storage, 'getItem' | 'setItem'>;

/** The business day the server's sign-in counts in (China time). */
export function chinaDay(now: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

function shownToday(storage: Store, day: string): number {
  try {
    const saved = JSON.parse(storage.getItem(SIGN_IN_REMINDER_KEY) ?? 'null') as { day?: unknown; shows?: unknown } | null;
    return saved?.day === day && typeof saved.shows === 'number' ? saved.shows : 0;
  } catch {
    return 0;
  }
}

/**
 * spec platform §4 "Sign-in": a signed-in user whose user info says they have not signed in today
 * is reminded, at most 3 page loads a day. Answers whether to show it now, and counts the showing.
 */
export function takeSignInReminder(state: { signedIn: boolean; hasSignIn: boolean | undefined }, storage: Store, now: Date): boolean {
  if (!state.signedIn || state.hasSignIn !== false) return false;
  const day = chinaDay(now);
  const shows = shownToday(storage, day);
  if (shows >= SIGN_IN_REMINDER_MAX) return false;
  storage.setItem(SIGN_IN_REMINDER_KEY, JSON.stringify({ day, shows: shows + 1 }));
  return true;
}
