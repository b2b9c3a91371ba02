import type { PayMethod, PlanType, PlanView } from '@qiming/sdk/contracts';

/**
 * What the pay dialog's next order is made of. No order exists until the user asked for the QR code
 * (`asked`): opening the dialog, or looking at another plan, creates nothing nobody will pay.
 * `round` grows to make a new order with the same choice (retry, refresh of an expired code).
 */
export interface PayChoice {
  type: PlanType;
  method?: PayMethod;
  useVoucher: boolean;
  asked: boolean;
  round: number;
}

/** The plan a `pay:open` reason asks for: `plan:2` → 2. */
export function planOfReason(reason: string | undefined): PlanType | null {
  const match = /^plan:([123])$/.exec(reason ?? '');
  return match ? (Number(match[1]) as PlanType) : null;
}

/**
 * The choice a dialog opens with: the plan the reason names, else the recommended (else the first).
 * `plan:<type>` comes from 立即购买 on a plan, which is the user choosing it and asking to pay: its
 * QR code is made at once. Any other opening waits for the user to ask.
 */
export function firstChoice(plans: PlanView[], methods: PayMethod[], reason: string | undefined): PayChoice | null {
  const asked = planOfReason(reason);
  const named = asked !== null && plans.some((plan) => plan.type === asked);
  const type = named ? asked : (plans.find((plan) => plan.recommended) ?? plans[0])?.type;
  if (type === undefined) return null;
  return { type, method: methods[0], useVoucher: true, asked: named, round: 0 };
}

/**
 * The user changed the plan, the method or the voucher use. Another plan goes back to asking (its
 * price shows, no order yet); another method or voucher use of the plan being paid makes its new order.
 */
export function changeChoice(choice: PayChoice, patch: Partial<Pick<PayChoice, 'type' | 'method' | 'useVoucher'>>): PayChoice {
  const unchanged = (Object.keys(patch) as Array<keyof typeof patch>).every((key) => choice[key] === patch[key]);
  if (unchanged) return choice;
  const otherPlan = patch.type !== undefined && patch.type !== choice.type;
  return { ...choice, ...patch, asked: otherPlan ? false : choice.asked };
}

/** The user asked for the QR code (or a new one: retry, expired code). */
export function askForQr(choice: PayChoice): PayChoice {
  return { ...choice, asked: true, round: choice.round + 1 };
}
