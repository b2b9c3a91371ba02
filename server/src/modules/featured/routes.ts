import type { preHandlerAsyncHookHandler } from 'fastify';
import { z } from 'zod';
import { ok } from '../../http/envelope.js';
import { currentUser } from '../../http/requestUser.js';
import { orEmpty, type ModuleApp } from '../module.js';
import type { FeaturedService } from './service.js';

export interface FeaturedRouteOptions {
  service: FeaturedService;
  requireUser: preHandlerAsyncHookHandler;
}

const ConvGroupRef = z.object({ convGroupId: z.string({ error: '请选择对话' }).trim().min(1, '请选择对话').max(100) });

/** The gallery (public) and 继续对话 (signed in). */
export async function featuredRoutes(app: ModuleApp, { service, requireUser }: FeaturedRouteOptions): Promise<void> {
  // No login and no request signature (/app-api/public/ is exempt): signed-out visitors see the gallery.
  app.get('/public/featured', async () => ok(await service.list()));

  await app.register(async (signedIn: ModuleApp) => {
    signedIn.addHook('preValidation', requireUser);
    signedIn.post('/backend-api/continueSharedConversation', { schema: { body: orEmpty(ConvGroupRef) } }, async (request) =>
      ok({ convGroupId: await service.continueShared(currentUser(request).id, request.body.convGroupId) }),
    );
  });
}
