import type { App } from '../../app.js';
import { signed } from '../../testing/signature.js';
import { CaptchaService } from './service.js';

/** Tests: a captcha token the way a browser gets one (get, then check at the answer), over HTTP. */
export async function passCaptcha(app: App): Promise<string> {
  const challenge = (await app.server.inject(signed({ method: 'POST', url: '/app-api/captcha/get' }))).json().data;
  const x = await new CaptchaService(app.sharedState).answerOf(challenge.captchaId);
  const checked = await app.server.inject(signed({ method: 'POST', url: '/app-api/captcha/check', payload: { captchaId: challenge.captchaId, x } }));
  return checked.json().data.captchaToken;
}
