import type { App } from '../../app.js';
import { signed } from '../../testing/signature.js';
import type { TracePoint } from './dragTrace.js';
import { CaptchaService } from './service.js';

interface Spot {
  x: number;
  y: number;
}

/** A person's drag from `from` to `to`: ease-in-out over `ms`, a small overshoot to the right corrected at the end. */
export function humanTrace(from: Spot, to: Spot, ms = 900, steps = 30): TracePoint[] {
  const points: TracePoint[] = [[from.x, from.y, 0]];
  const round = (n: number) => Math.round(n * 10) / 10;
  for (let i = 1; i <= steps; i++) {
    const p = i / steps;
    const eased = p < 0.5 ? 2 * p * p : 1 - (-2 * p + 2) ** 2 / 2;
    points.push([round(from.x + (to.x + 3 - from.x) * eased), round(from.y + (to.y - from.y) * eased), Math.round(ms * p)]);
  }
  points.push([to.x, to.y, ms + 120]);
  return points;
}

/** Tests: a captcha token the way a browser gets one (get, then check at the answer), over HTTP. */
export async function passCaptcha(app: App): Promise<string> {
  const challenge = (await app.server.inject(signed({ method: 'POST', url: '/app-api/captcha/get' }))).json().data;
  const hole = (await new CaptchaService(app.sharedState).answerOf(challenge.captchaId))!;
  const trace = humanTrace({ x: 0, y: challenge.pieceY }, hole);
  const checked = await app.server.inject(signed({ method: 'POST', url: '/app-api/captcha/check', payload: { captchaId: challenge.captchaId, ...hole, trace } }));
  return checked.json().data.captchaToken;
}
