import fs from 'node:fs';
import { z } from 'zod';
import { standInFlag } from './devStandIns.js';
import type { AlipayOptions } from './modules/pay/providers/alipay.js';
import type { WechatPayOptions } from './modules/pay/providers/wechatPay.js';

/** Payment settings (server/src/modules/pay/README.md); the plans JSON is validated by the pay module. */
export interface PayConfig {
  /** The plans JSON (PAY_PLANS, or the content of PAY_PLANS_FILE); undefined: the built-in plans. */
  plansJson: string | undefined;
  plansSource: string;
  orderMinutes: number;
  queryAfterSeconds: number;
  sweepSeconds: number;
  ordersPerUserHour: number;
  /** Catalogue ids the plans' use counts are given in. */
  useModels: string[];
  /** The sandbox provider (a development stand-in): on by default only outside production and when no real provider is configured. */
  sandbox: boolean;
  /** HMAC key of the sandbox; DATA_DIR/secrets.json keeps a generated one when unset. */
  sandboxSecret: string | undefined;
  /** WeChat Pay v3 when its variables are set. */
  wechat: Omit<WechatPayOptions, 'now' | 'maxSkewSeconds' | 'timeoutMs'> | null;
  /** Alipay when its variables are set. */
  alipay: Omit<AlipayOptions, 'now' | 'timeoutMs'> | null;
}

const optional = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

const PayEnv = z.object({
  PAY_PLANS: optional(z.string()),
  PAY_PLANS_FILE: optional(z.string()),
  PAY_ORDER_MINUTES: z.coerce.number().int().min(1).max(120).default(5),
  PAY_QUERY_AFTER_SECONDS: z.coerce.number().int().min(1).max(3600).default(10),
  PAY_SWEEP_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  PAY_ORDERS_PER_USER_HOUR: z.coerce.number().int().min(1).max(10_000).default(30),
  PAY_USE_MODELS: z.string().default('gpt-4o-mini,gpt-4o'),
  PAY_SANDBOX: optional(z.enum(['true', 'false', '1', '0'])),
  PAY_SANDBOX_SECRET: optional(z.string().min(16, '至少 16 个字符')),
  WECHATPAY_APPID: optional(z.string()),
  WECHATPAY_MCHID: optional(z.string()),
  WECHATPAY_API_V3_KEY: optional(z.string().regex(/^[\x21-\x7e]{32}$/, '必须正好是 32 个 ASCII 字符')),
  WECHATPAY_SERIAL_NO: optional(z.string()),
  WECHATPAY_PRIVATE_KEY_FILE: optional(z.string()),
  WECHATPAY_PLATFORM_CERT_FILE: optional(z.string()),
  WECHATPAY_PLATFORM_CERT_SERIAL: optional(z.string()),
  WECHATPAY_PUBLIC_KEY_FILE: optional(z.string()),
  WECHATPAY_PUBLIC_KEY_ID: optional(z.string()),
  WECHATPAY_API_BASE: z.string().default('https://api.mch.weixin.qq.com'),
  ALIPAY_APP_ID: optional(z.string()),
  ALIPAY_PRIVATE_KEY_FILE: optional(z.string()),
  ALIPAY_PUBLIC_KEY_FILE: optional(z.string()),
  ALIPAY_SELLER_ID: optional(z.string()),
  ALIPAY_GATEWAY: z.string().default('https://openapi.alipay.com/gateway.do'),
});

type PayEnv = z.infer<typeof PayEnv>;

function readFile(name: string, file: string, problems: string[]): string {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch (error) {
    problems.push(`${name}: 无法读取 ${file}（${(error as Error).message}）`);
    return '';
  }
}

const WECHAT_REQUIRED = ['WECHATPAY_APPID', 'WECHATPAY_MCHID', 'WECHATPAY_API_V3_KEY', 'WECHATPAY_SERIAL_NO', 'WECHATPAY_PRIVATE_KEY_FILE'] as const;
const ALIPAY_REQUIRED = ['ALIPAY_APP_ID', 'ALIPAY_PRIVATE_KEY_FILE', 'ALIPAY_PUBLIC_KEY_FILE'] as const;

/** A provider is on when all its values are set, off when none is; anything between is a mistake. */
function missing(e: PayEnv, names: readonly (keyof PayEnv)[]): { set: boolean; problem: string | null } {
  const unset = names.filter((n) => !e[n]);
  if (unset.length === names.length) return { set: false, problem: null };
  return { set: unset.length === 0, problem: unset.length ? `${names.join('、')} 需要一起设置（缺少 ${unset.join('、')}）` : null };
}

function wechatOf(e: PayEnv, problems: string[]): PayConfig['wechat'] {
  const { set, problem } = missing(e, WECHAT_REQUIRED);
  if (problem) problems.push(problem);
  if (!set) return null;
  const platformKeys: Array<{ serial: string; pem: string }> = [];
  if (e.WECHATPAY_PLATFORM_CERT_FILE) {
    if (!e.WECHATPAY_PLATFORM_CERT_SERIAL) problems.push('WECHATPAY_PLATFORM_CERT_FILE 需要和 WECHATPAY_PLATFORM_CERT_SERIAL（平台证书序列号）一起设置');
    else platformKeys.push({ serial: e.WECHATPAY_PLATFORM_CERT_SERIAL, pem: readFile('WECHATPAY_PLATFORM_CERT_FILE', e.WECHATPAY_PLATFORM_CERT_FILE, problems) });
  }
  if (e.WECHATPAY_PUBLIC_KEY_FILE) {
    if (!e.WECHATPAY_PUBLIC_KEY_ID) problems.push('WECHATPAY_PUBLIC_KEY_FILE 需要和 WECHATPAY_PUBLIC_KEY_ID（PUB_KEY_ID_…）一起设置');
    else platformKeys.push({ serial: e.WECHATPAY_PUBLIC_KEY_ID, pem: readFile('WECHATPAY_PUBLIC_KEY_FILE', e.WECHATPAY_PUBLIC_KEY_FILE, problems) });
  }
  if (!platformKeys.length) problems.push('微信支付需要平台证书（WECHATPAY_PLATFORM_CERT_FILE + WECHATPAY_PLATFORM_CERT_SERIAL）或微信支付公钥（WECHATPAY_PUBLIC_KEY_FILE + WECHATPAY_PUBLIC_KEY_ID）来验证通知签名');
  return {
    appId: e.WECHATPAY_APPID!,
    mchId: e.WECHATPAY_MCHID!,
    apiV3Key: e.WECHATPAY_API_V3_KEY!,
    merchantSerialNo: e.WECHATPAY_SERIAL_NO!,
    merchantPrivateKey: readFile('WECHATPAY_PRIVATE_KEY_FILE', e.WECHATPAY_PRIVATE_KEY_FILE!, problems),
    platformKeys,
    apiBase: e.WECHATPAY_API_BASE,
  };
}

function alipayOf(e: PayEnv, problems: string[]): PayConfig['alipay'] {
  const { set, problem } = missing(e, ALIPAY_REQUIRED);
  if (problem) problems.push(problem);
  if (!set) return null;
  return {
    appId: e.ALIPAY_APP_ID!,
    appPrivateKey: readFile('ALIPAY_PRIVATE_KEY_FILE', e.ALIPAY_PRIVATE_KEY_FILE!, problems),
    alipayPublicKey: readFile('ALIPAY_PUBLIC_KEY_FILE', e.ALIPAY_PUBLIC_KEY_FILE!, problems),
    sellerId: e.ALIPAY_SELLER_ID,
    gateway: e.ALIPAY_GATEWAY,
  };
}

/** The payment settings from the environment, or the problems found in them. */
export function payConfigOf(env: NodeJS.ProcessEnv): { pay: PayConfig; problems: string[] } {
  const parsed = PayEnv.safeParse(env);
  if (!parsed.success) return { pay: null as never, problems: parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`) };
  const e = parsed.data;
  const problems: string[] = [];
  const wechat = wechatOf(e, problems);
  const alipay = alipayOf(e, problems);
  const plans = e.PAY_PLANS ? { plansJson: e.PAY_PLANS, plansSource: 'PAY_PLANS' } : e.PAY_PLANS_FILE ? { plansJson: readFile('PAY_PLANS_FILE', e.PAY_PLANS_FILE, problems), plansSource: e.PAY_PLANS_FILE } : { plansJson: undefined, plansSource: '' };
  return {
    problems,
    pay: {
      ...plans,
      orderMinutes: e.PAY_ORDER_MINUTES,
      queryAfterSeconds: e.PAY_QUERY_AFTER_SECONDS,
      sweepSeconds: e.PAY_SWEEP_SECONDS,
      ordersPerUserHour: e.PAY_ORDERS_PER_USER_HOUR,
      useModels: e.PAY_USE_MODELS.split(',').map((id) => id.trim()).filter(Boolean),
      sandbox: standInFlag(e.PAY_SANDBOX, env.NODE_ENV !== 'production' && !wechat && !alipay),
      sandboxSecret: e.PAY_SANDBOX_SECRET,
      wechat,
      alipay,
    },
  };
}
