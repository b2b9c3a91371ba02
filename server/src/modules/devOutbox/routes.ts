import type { DevStatus } from '@qiming/contracts';
import { z } from 'zod';
import { AppError, ok } from '../../http/envelope.js';
import type { DevStandIns } from '../../devStandIns.js';
import type { CaptchaService } from '../captcha/index.js';
import type { ModuleApp } from '../module.js';
import type { Channel } from '../verification/codeSender.js';
import { normaliseTarget } from '../verification/identifiers.js';
import type { DevOutbox } from '../verification/devOutbox.js';

export interface DevOutboxRouteOptions {
  outbox: DevOutbox;
  /** Channels whose codes go to the outbox; empty in a deployment with real senders or with DEV_OUTBOX off. */
  channels: ReadonlySet<Channel>;
  /** Which development stand-ins are on (the captcha route exists only with DEV_CAPTCHA on). */
  standIns: DevStandIns;
  captcha: Pick<CaptchaService, 'answerOf'>;
}

const OutboxQuery = z.object({ to: z.string().max(320) });
const CaptchaParams = z.object({ captchaId: z.string().min(1).max(64) });

/**
 * /app-api/dev/ (exempt from the request signature). status always answers, so the login page can
 * ask any deployment which stand-ins are on; the outbox only while a channel uses it; a captcha's
 * answer only with DEV_CAPTCHA on (by default a pure development deployment, where tests and e2e
 * drive the login flow). In production all are off unless their variable turns them on.
 */
export async function devOutboxRoutes(app: ModuleApp, { outbox, channels, captcha, standIns }: DevOutboxRouteOptions): Promise<void> {
  const status: DevStatus = { outbox: channels.size > 0, captcha: standIns.captcha, paySandbox: standIns.paySandbox, wechatLocalConfirm: standIns.wechatLocalConfirm };
  app.get('/dev/status', async () => ok(status));

  if (standIns.captcha) {
    app.get('/dev/captcha/:captchaId', { schema: { params: CaptchaParams } }, async (request) => {
      const hole = await captcha.answerOf(request.params.captchaId);
      if (hole === null) throw new AppError(404, '滑块验证不存在或已过期');
      return ok(hole);
    });
  }
  if (channels.size === 0) return;

  app.get('/dev/outbox', { schema: { querystring: OutboxQuery } }, async (request) => {
    const to = normaliseTarget(request.query.to);
    if (to === null) throw new AppError(400, '请输入正确的手机号或邮箱地址');
    return ok(await outbox.messagesTo(to));
  });
}
