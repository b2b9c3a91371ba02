import { z } from 'zod';
import { ok } from '../../http/envelope.js';
import type { ModuleApp } from '../module.js';
import { requireEmail, requirePhone } from './identifiers.js';
import type { VerificationService } from './service.js';

// Shapes only: the identifiers get their own messages (请输入正确的手机号 / 请输入正确的邮箱地址), and a
// missing captcha token is the service's 1106, not a 400.
const identifier = z.string().max(320);
const captchaToken = z.string().max(200).optional();
const scene = z.enum(['register', 'login']);
const PhoneBody = z.object({ phone: identifier, scene, captchaToken });
const PhoneResetBody = z.object({ phone: identifier, captchaToken });
const EmailBody = z.object({ email: identifier, scene, captchaToken });
const EmailResetBody = z.object({ email: identifier, captchaToken });

export async function verificationRoutes(app: ModuleApp, { service }: { service: VerificationService }): Promise<void> {
  app.post('/system/user/send-phone-verification-code', { schema: { body: PhoneBody } }, async (request) => {
    const body = request.body;
    return ok(await service.sendCode({ channel: 'sms', target: requirePhone(body.phone), scene: body.scene, captchaToken: body.captchaToken, ip: request.ip }));
  });

  app.post('/system/user/send-phone-verification-code-reset', { schema: { body: PhoneResetBody } }, async (request) => {
    const body = request.body;
    return ok(await service.sendCode({ channel: 'sms', target: requirePhone(body.phone), scene: 'reset', captchaToken: body.captchaToken, ip: request.ip }));
  });

  app.post('/system/user/send-email-verification-code', { schema: { body: EmailBody } }, async (request) => {
    const body = request.body;
    return ok(await service.sendCode({ channel: 'email', target: requireEmail(body.email), scene: body.scene, captchaToken: body.captchaToken, ip: request.ip }));
  });

  app.post('/system/user/send-email-verification-code-reset', { schema: { body: EmailResetBody } }, async (request) => {
    const body = request.body;
    return ok(await service.sendCode({ channel: 'email', target: requireEmail(body.email), scene: 'reset', captchaToken: body.captchaToken, ip: request.ip }));
  });
}
