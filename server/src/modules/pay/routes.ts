import type { preHandlerAsyncHookHandler } from 'fastify';
import QRCode from 'qrcode';
import { z } from 'zod';
import { ok } from '../../http/envelope.js';
import { apiRoute, orEmpty, type ModuleApp } from '../module.js';
import { sendPage } from '../../http/htmlPage.js';
import { currentUser } from '../../http/requestUser.js';
import { publicOriginOf } from '../../http/publicOrigin.js';
import { SANDBOX_CONFIRM_PATH, type SandboxProvider } from './providers/sandbox.js';
import { sandboxPage } from './providers/sandboxPage.js';
import type { PayService } from './service.js';

export interface PayRouteOptions {
  service: PayService;
  requireUser: preHandlerAsyncHookHandler;
  publicOrigin: string | undefined;
  /** The sandbox provider when it is enabled: its confirm page is served here. */
  sandbox: SandboxProvider | null;
}

const OUT_TRADE_NO = z.string().trim().regex(/^[A-Za-z0-9_-]{6,32}$/, '订单号格式不正确');
const OrderRequest = z.object({
  type: z.union([z.literal(1), z.literal(2), z.literal(3)], { error: '套餐类型只能是 1、2 或 3' }),
  method: z.enum(['sandbox', 'wechat', 'alipay'], { error: '支付方式只能是 sandbox、wechat 或 alipay' }).optional(),
  voucherId: z.string().max(64).nullable().optional(),
});
const OrderRef = z.object({ outTradeNo: OUT_TRADE_NO });
const OptionalOrderRef = z.object({ outTradeNo: OUT_TRADE_NO.optional() });
const NotifyParams = z.object({ method: z.enum(['sandbox', 'wechat', 'alipay']) });
const SandboxLink = z.object({ order: OUT_TRADE_NO, token: z.string().max(64) });
const SandboxForm = SandboxLink.extend({ dropNotify: z.literal('1').optional() });

/**
 * The pay calls (server/src/modules/pay/README.md). getPayInfo needs no login (the /pay page shows the
 * plans to visitors); the rest act on the caller's own orders.
 */
export async function payRoutes(app: ModuleApp, options: PayRouteOptions): Promise<void> {
  const { service, requireUser } = options;
  app.get('/pay/getPayInfo', async () => ok(service.info()));

  await app.register(async (user: ModuleApp) => {
    user.addHook('preValidation', requireUser);
    user.post('/pay/getPayInfoGuding', { schema: { body: orEmpty(OrderRequest) } }, async (request) => {
      const body = request.body;
      return ok(await service.createOrder(currentUser(request).id, body, publicOriginOf(request, options.publicOrigin)));
    });
    user.post('/pay/getPaySta', { schema: { body: orEmpty(OrderRef) } }, async (request) => ok({ status: await service.status(currentUser(request).id, request.body.outTradeNo) }));
    user.get('/pay/queryQRStatus', { schema: { querystring: OrderRef } }, async (request) => ok({ status: await service.status(currentUser(request).id, request.query.outTradeNo) }));
    user.get('/pay/getTrade', { schema: { querystring: OptionalOrderRef } }, async (request) => {
      const { outTradeNo } = request.query;
      const userId = currentUser(request).id;
      return ok(outTradeNo ? await service.trade(userId, outTradeNo) : await service.trades(userId));
    });
    user.get('/pay/getPaymentQrCodePic', { schema: { querystring: OrderRef } }, async (request, reply) => {
      const content = await service.qrCodeOf(currentUser(request).id, request.query.outTradeNo);
      const png = await QRCode.toBuffer(content, { type: 'png', width: 200, margin: 1, errorCorrectionLevel: 'H' });
      return reply.header('content-type', 'image/png').header('cache-control', 'private, no-store').send(png);
    });
    user.get('/promotion/queryRemainingVouchers', async (request) => ok(await service.vouchers(currentUser(request).id)));
  });

  // Notifications: the signature covers the exact bytes, so every body is kept as the raw string.
  await app.register(async (notify: ModuleApp) => {
    notify.removeAllContentTypeParsers();
    notify.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));
    notify.post('/pay/notify/:method', { schema: { params: NotifyParams } }, async (request, reply) => {
      const { method } = request.params;
      const ack = await service.handleNotify(method, { headers: request.headers, body: typeof request.body === 'string' ? request.body : '' });
      return reply.status(ack.status).header('content-type', ack.contentType).send(ack.body);
    });
  });

  const sandbox = options.sandbox;
  if (sandbox) {
    await app.register(async (page: ModuleApp) => {
      page.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))));
      page.get(apiRoute(SANDBOX_CONFIRM_PATH), { schema: { querystring: SandboxLink } }, async (request, reply) => {
        const { order, token } = request.query;
        return sendPage(reply, sandboxPage(order, token, await sandbox.trade(order, token)));
      });
      page.post(apiRoute(SANDBOX_CONFIRM_PATH), { schema: { body: orEmpty(SandboxForm) } }, async (request, reply) => {
        const { order, token, dropNotify } = request.body;
        return sendPage(reply, sandboxPage(order, token, await sandbox.pay(order, token, { dropNotify: dropNotify === '1' })));
      });
    });
  }
}
