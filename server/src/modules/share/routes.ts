import type { preHandlerAsyncHookHandler } from 'fastify';
import { z } from 'zod';
import { ok } from '../../http/envelope.js';
import type { SharedState } from '../../sharedState/index.js';
import { currentUser } from '../../http/requestUser.js';
import { orEmpty, type ModuleApp } from '../module.js';
import { shareNotFound, tooManyReads } from './codes.js';
import type { ShareService } from './service.js';

export interface ShareRouteOptions {
  service: ShareService;
  requireUser: preHandlerAsyncHookHandler;
  sharedState: SharedState;
  /** Public page reads per client IP and minute. */
  readsPerMinute: number;
}

const BASE = '/backend-api';
/** Conversation ids are UUIDs; the same bounds as the conversation calls. */
const ConvGroupRef = z.object({ convGroupId: z.string({ error: '请选择对话' }).trim().min(1, '请选择对话').max(100) });
const PublicId = z.string().min(1).max(100);

/** Publish, refresh, revoke and read a conversation's share page. */
export async function shareRoutes(app: ModuleApp, { service, requireUser, sharedState, readsPerMinute }: ShareRouteOptions): Promise<void> {
  // No login and no request signature (/app-api/public/ is exempt): the page opens from a link anywhere.
  // A wildcard rather than :convGroupId, whose 100-character bound would make a long id "接口不存在".
  // Parsed in the handler, not as a schema: the read limit counts first, and a bad id is 分享不存在, not a 400.
  app.get<{ Params: { '*': string } }>('/public/share/*', async (request) => {
    const reads = await sharedState.increment(`share-read:${request.ip}`, 60);
    if (reads > readsPerMinute) throw tooManyReads();
    const id = PublicId.safeParse(request.params['*']);
    if (!id.success) throw shareNotFound();
    return ok(await service.publicView(id.data));
  });

  await app.register(async (owner: ModuleApp) => {
    owner.addHook('preValidation', requireUser);
    owner.post(`${BASE}/shareConversation`, { schema: { body: orEmpty(ConvGroupRef) } }, async (request) => ok(await service.share(currentUser(request).id, request.body.convGroupId)));
    owner.post(`${BASE}/revokeShare`, { schema: { body: orEmpty(ConvGroupRef) } }, async (request) => ok(await service.revoke(currentUser(request).id, request.body.convGroupId)));
    owner.get(`${BASE}/getShareState`, { schema: { querystring: ConvGroupRef } }, async (request) => ok(await service.state(currentUser(request).id, request.query.convGroupId)));
  });
}
