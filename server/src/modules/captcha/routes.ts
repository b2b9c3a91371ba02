import { z } from 'zod';
import { ok } from '../../http/envelope.js';
import type { ModuleApp } from '../module.js';
import type { CaptchaService } from './service.js';

const CheckBody = z.object({
  captchaId: z.string().min(1).max(64),
  x: z.number(),
});

export async function captchaRoutes(app: ModuleApp, { service }: { service: CaptchaService }): Promise<void> {
  app.post('/captcha/get', async () => ok(await service.create()));

  app.post('/captcha/check', { schema: { body: CheckBody } }, async (request) => {
    const { captchaId, x } = request.body;
    return ok(await service.check(captchaId, x));
  });
}
