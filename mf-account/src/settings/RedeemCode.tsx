import { useState } from 'react';
import { points, request, toasts, user } from '@qiming/sdk';
import type { RedeemResult } from '@qiming/sdk/contracts';
import { Button } from '@qiming/sdk/ui';
import { Input } from '@qiming/sdk/ui/form';
import { t } from '../i18n';

export type Redeem = (code: string) => Promise<RedeemResult>;

export const redeemCode: Redeem = async (code) => {
  const answer = await request.get<RedeemResult>('system/user/userCdKey', { code });
  if (!answer) throw new Error('request skipped');
  return answer.data;
};

/** Redeems a code (兑换码) for points or a plan; the balance and the plan badges update at once. */
export function RedeemCode({ redeem = redeemCode }: { redeem?: Redeem }) {
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);

  async function submit() {
    const value = code.trim().toUpperCase();
    if (!value) return;
    setBusy(true);
    try {
      const result = await redeem(value);
      points.set({ restIntegral: result.restIntegral, restIntegral2: result.restIntegral2 });
      // A plan code changes the user's tier: the badges everywhere follow.
      void user.load();
      toasts.success(t('redeem.succeeded', { points: result.points }));
      setCode('');
    } catch {
      // the SDK showed why (unknown, used or expired code)
    } finally {
      setBusy(false);
    }
  }

  return (
    <div style={{ display: 'flex', gap: 8, maxWidth: 480 }} data-testid="redeem-code">
      <Input placeholder={t('redeem.placeholder')} value={code} onChange={(event) => setCode(event.target.value)} onPressEnter={() => void submit()} maxLength={40} />
      <Button type="primary" loading={busy} onClick={() => void submit()}>
        {t('redeem.submit')}
      </Button>
    </div>
  );
}
