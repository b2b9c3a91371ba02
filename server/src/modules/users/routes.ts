import type { preHandlerAsyncHookHandler } from 'fastify';
import { z } from 'zod';
import { CLONE_VOICE_PREFIX } from '@qiming/contracts';
import { ok } from '../../http/envelope.js';
import { currentUser, sessionExpired } from '../../http/requestUser.js';
import type { ModuleApp } from '../module.js';
import { SPEECH_MODELS, SPEED_RANGE, VOICES, type UsersService } from './service.js';

export interface UsersRouteOptions {
  service: UsersService;
  requireUser: preHandlerAsyncHookHandler;
}

const SettingBody = z.object({
  speechModel: z.enum(SPEECH_MODELS),
  // A cloned voice is checked when it speaks (generateSpeech: its owner only).
  voice: z.union([z.enum(VOICES), z.templateLiteral([CLONE_VOICE_PREFIX, z.string().regex(/^[\w-]{1,64}$/)])]),
  speed: z.number().min(SPEED_RANGE.min).max(SPEED_RANGE.max),
});

export async function usersRoutes(app: ModuleApp, { service, requireUser }: UsersRouteOptions): Promise<void> {
  app.addHook('preValidation', requireUser);

  app.get('/system/user/userinfo', async (request) => {
    const info = await service.userInfo(currentUser(request).id);
    if (!info) throw sessionExpired();
    return ok(info);
  });

  app.get('/system/user/getUserSetting', async (request) => ok(await service.settings(currentUser(request).id)));

  app.post('/system/user/updateUserSetting', { schema: { body: SettingBody } }, async (request) => {
    await service.updateSettings(currentUser(request).id, request.body);
    return ok(null);
  });
}
