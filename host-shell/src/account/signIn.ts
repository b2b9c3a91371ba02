import { points, request, toasts, user } from '@qiming/sdk';
import type { SignInResult } from '@qiming/sdk/contracts';
import { t } from '../i18n';

/** spec platform §9: the sign-in toast stays 12 s. */
const SIGN_IN_TOAST_MS = 12_000;

/** Daily sign-in: credits the reward, shows it with the streak, refreshes balance and user info. */
export async function signInToday(): Promise<void> {
  try {
    const answer = await request.get<SignInResult>('system/user/signin');
    if (!answer) return;
    const { reward, streak, restIntegral, restIntegral2 } = answer.data;
    points.set({ restIntegral, restIntegral2 });
    toasts.success(t('account.signInDone', { reward, streak }), { durationMs: SIGN_IN_TOAST_MS });
    await user.load();
  } catch {
    // the SDK showed why (already signed in today, …)
  }
}
