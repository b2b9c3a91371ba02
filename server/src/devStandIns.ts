/**
 * Development stand-ins: what plays a real provider's part when none is configured. Each is on by
 * default outside production and off in production (NODE_ENV=production) unless its own variable
 * turns it on; every one that is on is named in a startup warning (loud in production) and in
 * GET /app-api/dev/status.
 */
export interface DevStandIns {
  /** DEV_OUTBOX: a code channel without a real sender writes to the public dev outbox; off: it refuses to send. */
  outbox: boolean;
  /** DEV_CAPTCHA: GET /app-api/dev/captcha/<id> tells a captcha's answer (default: only with no real code sender at all). */
  captcha: boolean;
  /** PAY_SANDBOX: the sandbox pay provider, whose confirm page pays any order for free (default: only with no real provider). */
  paySandbox: boolean;
  /** WECHAT_LOCAL_CONFIRM: without an official account the QR code opens a local page that signs anyone in; off: WeChat login refuses. */
  wechatLocalConfirm: boolean;
}

/** A stand-in variable: "true"/"1" on, "false"/"0" off, unset: the default. */
export function standInFlag(value: string | undefined, fallback: boolean): boolean {
  return value === undefined ? fallback : value === 'true' || value === '1';
}

const WHAT_EACH_DOES: Record<keyof DevStandIns, string> = {
  outbox: 'DEV_OUTBOX: verification codes of channels without a real sender are readable by anyone at GET /app-api/dev/outbox',
  captcha: 'DEV_CAPTCHA: captcha answers are readable by anyone at GET /app-api/dev/captcha/<id>',
  paySandbox: 'PAY_SANDBOX: the sandbox pay provider credits plans for free through its confirm page',
  wechatLocalConfirm: 'WECHAT_LOCAL_CONFIRM: WeChat QR login runs on the local confirm page, which signs in anyone who opens it',
};

/** The startup warnings: one per stand-in that is on, shouted in production. */
export function standInWarnings(standIns: DevStandIns, production: boolean): string[] {
  const on = (Object.keys(WHAT_EACH_DOES) as Array<keyof DevStandIns>).filter((name) => standIns[name]);
  const prefix = production ? '!!! PRODUCTION RUNS A DEVELOPMENT STAND-IN !!! ' : 'development stand-in on: ';
  return on.map((name) => `${prefix}${WHAT_EACH_DOES[name]}${production ? ' (set it to false unless this is deliberate)' : ''}`);
}
