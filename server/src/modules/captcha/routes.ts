import { z } from 'zod';
import { ok } from '../../http/envelope.js';
import { orEmpty, type ModuleApp } from '../module.js';
import type { CaptchaService } from './service.js';

const GetBody = z.object({ target: z.string().max(254).optional() });

const CheckBody = z.object({
  captchaId: z.string().min(1).max(64),
  x: z.number(),
  // A missing y or a malformed trace is judged (a miss), not a 400: the challenge is used up either way.
  y: z.number().optional(),
  trace: z.array(z.array(z.number()).max(3)).max(2000).optional(),
});

export async function captchaRoutes(app: ModuleApp, { service }: { service: CaptchaService }): Promise<void> {
  app.post('/captcha/get', { schema: { body: orEmpty(GetBody) } }, async (request) => ok(await service.create({ ip: request.ip, target: request.body.target })));

  app.post('/captcha/check', { schema: { body: CheckBody } }, async (request) => {
    const { captchaId, ...answer } = request.body;
    return ok(await service.check(captchaId, { x: answer.x, y: answer.y, trace: answer.trace }));
  });
}
