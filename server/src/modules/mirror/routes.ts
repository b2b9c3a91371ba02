import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { MIRROR_KEY_MAX_LENGTH, MIRROR_KEY_NAME_MAX } from '@qiming/contracts';
import { z } from 'zod';
import { ok } from '../../http/envelope.js';
import { html, sendPage, standInPage } from '../../http/htmlPage.js';
import { currentUser } from '../../http/requestUser.js';
import type { ModuleApp } from '../module.js';
import { HANDOFF_REFUSED } from './codes.js';
import { HANDOFF_PATH, type Entry, type MirrorService } from './service.js';

export interface MirrorRouteOptions {
  service: MirrorService;
  requireUser: preHandlerAsyncHookHandler;
  userIdOf(request: FastifyRequest): Promise<string | null>;
}

/** The cookie that binds a hand-off to the browser that asked for it (its path is the hand-off's own URL). */
const BROWSER_COOKIE = 'qm_mirror_go';

const Id = z.string().trim().min(1, '请选择账号').max(64);
const KeyName = z.string().trim().min(1, '名称不能为空').max(MIRROR_KEY_NAME_MAX, `名称最多 ${MIRROR_KEY_NAME_MAX} 个字符`);
const KeyText = z.string().trim().min(8, '密钥太短，请粘贴完整的 Access Token').max(MIRROR_KEY_MAX_LENGTH, '密钥太长').regex(/^\S+$/, '密钥不能包含空格');
const AddKeyBody = z.object({ siteId: Id, name: KeyName, key: KeyText });
const UpdateKeyBody = z.object({ id: Id, name: KeyName.optional(), key: KeyText.optional() });
const IdBody = z.object({ id: Id });

function handedOff(reply: FastifyReply, entry: Entry) {
  void reply.setCookie(BROWSER_COOKIE, entry.browserKey, {
    path: `${HANDOFF_PATH}${entry.handoffId}`,
    httpOnly: true,
    sameSite: 'lax',
    secure: reply.request.protocol === 'https',
    maxAge: entry.handOff.expiresInSeconds,
  });
  return ok(entry.handOff);
}

export async function mirrorRoutes(app: ModuleApp, { service, requireUser, userIdOf }: MirrorRouteOptions): Promise<void> {
  const base = '/mirror';

  // Public: a signed-out visitor sees the cars and is asked to log in when entering.
  app.get(`${base}/getCarList`, async (request) => ok(await service.overview(await userIdOf(request))));

  app.get(`${base}/go/:id`, { schema: { params: z.object({ id: z.string().max(64) }) } }, async (request, reply) => {
    const target = await service.open(request.params.id, request.cookies[BROWSER_COOKIE]);
    void reply.clearCookie(BROWSER_COOKIE, { path: `${HANDOFF_PATH}${request.params.id}` });
    void reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
    if (target) return reply.redirect(target, 302);
    const body = html`<p><a href="/oaifree">${HANDOFF_REFUSED.back}</a></p>`;
    return sendPage(reply.code(410), standInPage({ title: HANDOFF_REFUSED.title, intro: HANDOFF_REFUSED.intro, body, accent: '#1677ff', width: 480 }));
  });

  await app.register(async (signedIn: ModuleApp) => {
    signedIn.addHook('preValidation', requireUser);
    signedIn.get(`${base}/getAcTokenInfoVO`, async (request) => ok(await service.quota(currentUser(request).id)));
    signedIn.post(`${base}/getShareToken`, { schema: { body: z.object({ carId: Id }) } }, async (request, reply) =>
      handedOff(reply, await service.enterCar(currentUser(request).id, request.body.carId)),
    );
    signedIn.post(`${base}/getFkToken`, { schema: { body: z.object({ keyId: Id }) } }, async (request, reply) =>
      handedOff(reply, await service.enterWithKey(currentUser(request).id, request.body.keyId)),
    );

    const keys = `${base}/user-auth-key`;
    const addKey = async (request: FastifyRequest<{ Body: z.infer<typeof AddKeyBody> }>) => ok(await service.addKey(currentUser(request).id, request.body));
    signedIn.get(`${keys}/list`, async (request) => ok(await service.keys(currentUser(request).id)));
    signedIn.get(`${keys}/get`, { schema: { querystring: IdBody } }, async (request) => ok(await service.key(currentUser(request).id, request.query.id)));
    signedIn.post(`${keys}/add`, { schema: { body: AddKeyBody } }, addKey);
    signedIn.post(`${base}/sumitToken`, { schema: { body: AddKeyBody } }, addKey);
    signedIn.post(`${keys}/update`, { schema: { body: UpdateKeyBody } }, async (request) => {
      const { id, ...change } = request.body;
      return ok(await service.updateKey(currentUser(request).id, id, change));
    });
    signedIn.post(`${keys}/delete`, { schema: { body: IdBody } }, async (request) => {
      await service.deleteKey(currentUser(request).id, request.body.id);
      return ok(null);
    });
  });
}
