import { z } from 'zod';
import { AppError, ok } from '../../../http/envelope.js';
import { apiRoute, type ModuleApp } from '../../module.js';
import { sendPage } from '../../../http/htmlPage.js';
import { publicOriginOf } from '../../../http/publicOrigin.js';
import { confirmPage } from './confirmPage.js';
import { LOCAL_CONFIRM_PATH } from './providers.js';
import { LOCAL_OPENID_PATTERN, newLocalOpenid, type WechatLoginService } from './service.js';
import { wechatSignatureValid } from './signature.js';
import { TICKET_PATTERN } from './tickets.js';

export interface WechatRouteOptions {
  service: WechatLoginService;
  publicOrigin: string | undefined;
  /** WECHAT_TOKEN: checks the official account's pushes; only with an official account. */
  pushToken: string | undefined;
}

/** The "phone" identity of the browser that confirms on the local page. */
const OPENID_COOKIE = 'qm_wx_openid';
const TicketQuery = z.object({ ticket: z.string().regex(TICKET_PATTERN, '二维码票据格式不正确') });
const EchoQuery = z.object({ echostr: z.string().max(200) });
const ConfirmForm = z.object({ ticket: z.string().regex(TICKET_PATTERN, '二维码票据格式不正确'), action: z.enum(['confirm', 'cancel']) });

export async function wechatRoutes(app: ModuleApp, { service, publicOrigin, pushToken }: WechatRouteOptions): Promise<void> {
  app.get('/wechat/getQrCode', async (request) => ok(await service.qrCode(publicOriginOf(request, publicOrigin))));

  app.get('/wechat/checkLogin', { schema: { querystring: TicketQuery } }, async (request) => {
    const { ticket } = request.query;
    return ok(await service.checkLogin(ticket));
  });

  if (service.provider.kind === 'local') {
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });

    app.get(apiRoute(LOCAL_CONFIRM_PATH), { schema: { querystring: TicketQuery } }, async (request, reply) => {
      const { ticket } = request.query;
      return sendPage(reply, confirmPage(ticket, await service.status(ticket)));
    });

    app.post(apiRoute(LOCAL_CONFIRM_PATH), { schema: { body: ConfirmForm } }, async (request, reply) => {
      const { ticket, action } = request.body;
      if (action === 'cancel') {
        await service.cancel(ticket);
        return sendPage(reply, confirmPage(ticket, 'gone', '已取消登录。'));
      }
      let openid = request.cookies[OPENID_COOKIE];
      if (!openid || !LOCAL_OPENID_PATTERN.test(openid)) {
        openid = newLocalOpenid();
        reply.setCookie(OPENID_COOKIE, openid, { path: '/app-api/public/wechat/', httpOnly: true, sameSite: 'lax', maxAge: 365 * 24 * 3600 });
      }
      const confirmed = await service.confirm(ticket, openid);
      return sendPage(reply, confirmPage(ticket, confirmed ? 'scanned' : 'gone'));
    });
  }

  if (service.provider.kind === 'official' && pushToken) {
    const token = pushToken;
    app.addContentTypeParser(['text/xml', 'application/xml'], { parseAs: 'string' }, (_request, body, done) => done(null, body));
    const assertFromWechat = (query: unknown) => {
      if (!wechatSignatureValid(token, query as Record<string, unknown>)) throw new AppError(403, '微信推送签名无效', 403);
    };

    // The account's server URL check: echo echostr when the signature holds.
    // The signature is checked first (preValidation): a push without it is 403 whatever its query.
    app.get('/public/wechat/event', { preValidation: async (request) => assertFromWechat(request.query), schema: { querystring: EchoQuery } }, async (request, reply) => {
      const { echostr } = request.query;
      return reply.type('text/plain').send(echostr);
    });

    app.post('/public/wechat/event', async (request, reply) => {
      assertFromWechat(request.query);
      if (typeof request.body !== 'string') throw new AppError(400, '推送内容不是 XML', 400);
      await service.handlePush(request.body);
      // WeChat retries unless it gets "success" (or an empty body) within 5 s.
      return reply.type('text/plain').send('success');
    });
  }
}
