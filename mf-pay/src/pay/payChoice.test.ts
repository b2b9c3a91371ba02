import type { PlanView } from '@qiming/sdk/contracts';
import { askForQr, changeChoice, firstChoice, planOfReason } from './payChoice';

const plans = [{ type: 1 }, { type: 2, recommended: true }, { type: 3 }] as PlanView[];

describe('pay choice (issue 19: no order nobody asked for)', () => {
  it('opens on the recommended plan without asking for a QR code; 立即购买 (plan:<type>) asks at once', () => {
    expect(firstChoice(plans, ['sandbox'], undefined)).toEqual({ type: 2, method: 'sandbox', useVoucher: true, asked: false, round: 0 });
    expect(firstChoice(plans, ['sandbox'], 'points')?.asked).toBe(false);
    expect(firstChoice(plans, ['sandbox'], 'plan:3')).toMatchObject({ type: 3, asked: true });
    expect(firstChoice([], ['sandbox'], undefined)).toBeNull();
    expect(planOfReason('plan:4')).toBeNull();
  });

  it('another plan goes back to asking; another method or voucher use keeps paying; asking again makes a new round', () => {
    const paying = askForQr(firstChoice(plans, ['sandbox', 'wechat'], undefined)!);
    expect(paying).toMatchObject({ asked: true, round: 1 });
    expect(changeChoice(paying, { type: 2 })).toBe(paying);
    expect(changeChoice(paying, { type: 1 })).toMatchObject({ type: 1, asked: false });
    expect(changeChoice(paying, { method: 'wechat' })).toMatchObject({ method: 'wechat', asked: true });
    expect(changeChoice(paying, { useVoucher: false })).toMatchObject({ useVoucher: false, asked: true });
    expect(askForQr(paying).round).toBe(2);
  });
});
