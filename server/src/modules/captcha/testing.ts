import type { App } from '../../app.js';
import { signed } from '../../testing/signature.js';
import type { TracePoint } from './dragTrace.js';
import { CaptchaService } from './service.js';

/** A person's slide to `x`: ease-in-out over `ms`, a small overshoot corrected at the end. */
export function humanTrace(x: number, ms = 900, steps = 30): TracePoint[] {
  const points: TracePoint[] = [[0, 0]];
  for (let i = 1; i <= steps; i++) {
    const p = i / steps;
    const eased = p < 0.5 ? 2 * p * p : 1 - (-2 * p + 2) ** 2 / 2;
    points.push([Math.round((x + 3) * eased * 10) / 10, Math.round(ms * p)]);
  }
  points.push([x, ms + 120]);
  return points;
}


/** Tests: a captcha token the way a browser gets one (get, then check at the answer), over HTTP. */
export async function passCaptcha(app: App): Promise<string> {
  const challenge = (await app.server.inject(signed({ method: 'POST', url: '/app-api/captcha/get' }))).json().data;
  const x = (await new CaptchaService(app.sharedState).answerOf(challenge.captchaId))!;
  const checked = await app.server.inject(signed({ method: 'POST', url: '/app-api/captcha/check', payload: { captchaId: challenge.captchaId, x, trace: humanTrace(x) } }));
  return checked.json().data.captchaToken;
}
