import type { PayMethod } from '@qiming/contracts';
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock.js';
import type { ServerConfig } from '../../config.js';
import type { Database } from '../../db/schema.js';
import type { Log } from '../../log.js';
import { startPeriodicTask } from '../../periodicTask.js';
import { persistentSecret } from '../../secrets.js';
import type { SharedState } from '../../sharedState/index.js';
import type { Catalogue, CatalogueEntry } from '../catalogue/index.js';
import type { ServerModule } from '../module.js';
import type { PointsService } from '../points/index.js';
import { PAY_USAGE, runPayCommand } from './opsCommands.js';
import { DEFAULT_PLANS, parsePlans } from './plans.js';
import { createAlipayProvider } from './providers/alipay.js';
import type { PayProvider, RawNotify } from './providers/provider.js';
import { createSandboxProvider, type SandboxProvider } from './providers/sandbox.js';
import { createWechatPayProvider } from './providers/wechatPay.js';
import { PayRepository } from './repository.js';
import { payRoutes } from './routes.js';
import { PayService } from './service.js';

export { PayService, PAY_MESSAGES, newOutTradeNo, type PaymentOutcome } from './service.js';
export { PayRepository } from './repository.js';
export { DEFAULT_PLANS, parsePlans, pointsPerUse, usesOf, type Plan } from './plans.js';
export { PAY_USAGE } from './opsCommands.js';

export interface Pay {
  service: PayService;
  sandbox: SandboxProvider | null;
}

export interface PayDependencies {
  db: Kysely<Database>;
  config: ServerConfig;
  points: PointsService;
  catalogue: Catalogue;
  sharedState: SharedState;
  /**
   * Posts a request to this server (Fastify's inject): the sandbox delivers its notifications
   * through the same route a provider uses. Absent where nothing is served (`pnpm ops`).
   */
  inject?: (request: { method: 'POST'; url: string; headers: Record<string, string>; payload: string }) => Promise<{ statusCode: number; body: string }>;
  requireUser: preHandlerAsyncHookHandler;
  now: Clock;
  log: Log;
}

/** The providers new orders can use, in the order the pay dialog offers them. */
function providersOf({ config, sharedState, inject, now, log }: PayDependencies): { providers: Map<PayMethod, PayProvider>; sandbox: SandboxProvider | null } {
  const providers = new Map<PayMethod, PayProvider>();
  const { wechat, alipay } = config.pay;
  if (wechat) providers.set('wechat', createWechatPayProvider({ ...wechat, now }));
  if (alipay) providers.set('alipay', createAlipayProvider({ ...alipay, now }));
  let sandbox: SandboxProvider | null = null;
  if (config.pay.sandbox) {
    sandbox = createSandboxProvider({
      secret: config.pay.sandboxSecret ?? persistentSecret(config.dataDir, 'paySandboxSecret'),
      sharedState,
      now,
      async deliver(notify: RawNotify) {
        if (!inject) throw new Error('the pay sandbox delivers notifications only in the server');
        const reply = await inject({ method: 'POST', url: '/app-api/pay/notify/sandbox', headers: notify.headers as Record<string, string>, payload: notify.body });
        if (reply.statusCode !== 200) log.warn({}, `sandbox notify answered ${reply.statusCode}: ${reply.body.slice(0, 200)}`);
      },
    });
    providers.set('sandbox', sandbox);
  }
  return { providers, sandbox };
}

/**
 * Plans, orders, providers and their notifications (server/src/modules/pay/README.md): the pay
 * routes, the sweep that closes unpaid orders whose time is up (every PAY_SWEEP_SECONDS, until
 * close) and `pnpm ops pay`.
 */
export function createPayModule(deps: PayDependencies): ServerModule<Pay> {
  const { config, catalogue, log } = deps;
  const plans = config.pay.plansJson === undefined ? [...DEFAULT_PLANS] : parsePlans(config.pay.plansJson, config.pay.plansSource);
  const { providers, sandbox } = providersOf(deps);
  const service = new PayService(new PayRepository(deps.db), deps.points, providers, {
    plans,
    orderMinutes: config.pay.orderMinutes,
    queryAfterSeconds: config.pay.queryAfterSeconds,
    charsPerUse: 400,
    referenceModels: () => config.pay.useModels.map((id) => catalogue.find(id)).filter((m): m is CatalogueEntry => !!m),
    ordersPerUserHour: config.pay.ordersPerUserHour,
    productName: config.site.edition === 'international' ? 'Qiming AI' : '启明AI',
    now: deps.now,
    log,
  });
  const sweeper = startPeriodicTask('pay order sweep', () => service.expireDue(), config.pay.sweepSeconds * 1000, log);
  return {
    service: { service, sandbox },
    routes: (app) => payRoutes(app, { service, requireUser: deps.requireUser, publicOrigin: config.publicOrigin, sandbox }),
    close: () => sweeper.stop(),
    opsCommands: { pay: { usage: PAY_USAGE, run: (argv, print) => runPayCommand(service, new PayRepository(deps.db), argv, print) } },
  };
}
