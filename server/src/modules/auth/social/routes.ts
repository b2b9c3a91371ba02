import { z } from 'zod';
import { ok } from '../../../http/envelope.js';
import type { ModuleApp } from '../../module.js';
import { publicOriginOf } from '../../../http/publicOrigin.js';
import type { SocialLoginService } from './service.js';

export interface SocialRouteOptions {
  service: SocialLoginService;
  publicOrigin: string | undefined;
}

const AuthorizeQuery = z.object({ provider: z.string().min(1).max(40) });
const SocialLoginBody = z.object({ provider: z.string().min(1).max(40), code: z.string().min(1).max(2000), state: z.string().min(1).max(200) });

export async function socialRoutes(app: ModuleApp, { service, publicOrigin }: SocialRouteOptions): Promise<void> {
  app.get('/public/social/providers', async () => ok(service.providers()));

  app.get('/public/social/authorize', { schema: { querystring: AuthorizeQuery } }, async (request, reply) => {
    const { provider } = request.query;
    return reply.redirect(await service.authorize(provider, publicOriginOf(request, publicOrigin)), 302);
  });

  app.post('/system/auth/social-login', { schema: { body: SocialLoginBody } }, async (request) => ok(await service.login(request.body)));
}
