import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import type { DownloadLinks, SiteConfig } from '@qiming/contracts';
import { standInFlag, type DevStandIns } from './devStandIns.js';
import { payConfigOf, type PayConfig } from './payConfig.js';
import { uploadsConfigOf, type UploadsConfig } from './modules/uploads/config.js';
import { speechConfigOf, type SpeechConfig } from './modules/speech/config.js';
import { imagesConfigOf, type ImagesConfig } from './modules/images/config.js';
import { videoConfigOf, type VideoConfig } from './modules/video/config.js';
import { voicesConfigOf, type VoicesConfig } from './modules/voices/config.js';
import { knowledgeConfigOf, type KnowledgeConfig } from './modules/knowledge/config.js';
import { slidesConfigOf, type SlidesConfig } from './modules/slides/config.js';
import { paperCheckConfigOf, type PaperCheckConfig } from './modules/paperCheck/config.js';
import { webSearchConfigOf, type WebSearchConfig } from './modules/webSearch/config.js';
import { extensionsConfigOf, type ExtensionsConfig } from './modules/extensions/config.js';
import { mirrorConfigOf, type MirrorConfig } from './modules/mirror/config.js';
import { storageConfigOf, type StorageConfig } from './storage/config.js';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The request signature's published defaults (server/README.md): a production configuration sets its own. */
export const DEFAULT_SIGN_KEY = 'qimingai-signkey';
export const DEFAULT_SIGN_IV = 'qimingai-sign-iv';
/**
 * How far a signed time may be from the server's (server/README.md, "Request signature"): the SDK
 * corrects its clock from a 4002's server time, so what is left is the latency of one round trip,
 * a second of rounding on each side and a slow mobile connection's setup — not a wrong device clock.
 */
export const DEFAULT_SIGN_WINDOW_SECONDS = 60;

/** AES-128 takes a 16-byte key and IV: the UTF-8 bytes of a 16-character ASCII string. */
const aes128Secret = (fallback: string) =>
  z
    .string()
    .default(fallback)
    .refine((value) => /^[\x20-\x7e]{16}$/.test(value), {
      error: (issue) => {
        const length = String(issue.input).length;
        return `必须正好是 16 个 ASCII 字符（AES-128 的密钥和 IV 是它的 16 个 UTF-8 字节），${length === 16 ? '其中有非 ASCII 字符' : `现在是 ${length} 个字符`}`;
      },
    });

/** "true"/"false" (or 1/0): z.coerce.boolean would read "false" as true. */
const envFlag = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0'])
    .default(fallback ? 'true' : 'false')
    .transform((value) => value === 'true' || value === '1');

/** An empty variable counts as unset (`FOO=` in an env file). */
const optionalVar = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

const httpUrl = z.url({ protocol: /^https?$/, error: '必须是 http:// 或 https:// 开头的地址' });

/** A comma-separated list of whole point amounts, e.g. "2000,10000,30000,60000". */
const pointsList = (fallback: string, length?: { min: number; max: number }) =>
  z
    .string()
    .default(fallback)
    .transform((text, ctx) => {
      const parts = text.split(',').map((part) => part.trim());
      if (!parts.every((part) => /^\d{1,9}$/.test(part))) {
        ctx.addIssue({ code: 'custom', message: '必须是逗号分隔的非负整数，例如 2000,10000' });
        return z.NEVER;
      }
      if (length && (parts.length < length.min || parts.length > length.max)) {
        ctx.addIssue({ code: 'custom', message: length.min === length.max ? `必须正好有 ${length.min} 个数` : `必须有 ${length.min} 到 ${length.max} 个数` });
        return z.NEVER;
      }
      return parts.map(Number);
    });

/**
 * Which proxies may say who the client is (X-Forwarded-For, -Proto, -Host): none by default, so a
 * client cannot pick its own IP for per-IP limits; a hop count ("1": the one load balancer in
 * front), or addresses / CIDR ranges (proxy-addr's names loopback, linklocal, uniquelocal too).
 */
export type TrustProxy = false | number | string[];

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function trustProxyOf(text: string, ctx: z.RefinementCtx): TrustProxy {
  const value = text.trim();
  if (value === '' || value === 'false' || value === '0') return false;
  if (/^\d{1,2}$/.test(value)) return Number(value);
  const entries = value.split(',').map((entry) => entry.trim());
  const bad = entries.filter((entry) => !PROXY_NAMES.has(entry) && !isAddressOrRange(entry));
  if (bad.length) {
    ctx.addIssue({ code: 'custom', message: `必须是 false、代理层数或逗号分隔的 IP / CIDR（loopback、linklocal、uniquelocal），无法识别：${bad.join(', ')}` });
    return z.NEVER;
  }
  return entries;
}

function isAddressOrRange(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = net.isIP(address);
  if (!family || rest.length) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default(path.join(repoRoot, 'data')),
  DATABASE_URL: z.string().optional(),
  HOST_SHELL_DIR: z.string().default(path.join(repoRoot, 'host-shell', 'dist')),
  OPS_TOKEN: z.string().optional(),
  PREVIEW_LINK_SECRET: optionalVar(z.string().min(32, '至少 32 个字符')),
  API_SITE_URL: z.string().default(''),
  CONTACT_EMAIL: z.string().email().optional().or(z.literal('')),
  CONTACT_WECHAT: z.string().max(64).default(''),
  CONTACT_QR_URL: z.string().url().optional().or(z.literal('')),
  CONTACT_NOTE: z.string().max(200).default(''),
  CONTACT_GROUP: z.string().trim().max(64).default(''),
  SITE_EDITION: z.enum(['domestic', 'international']).default('domestic'),
  SITE_GUARDS: optionalVar(z.enum(['true', 'false', '1', '0'])),
  SITE_SPECIAL_LAYOUT: envFlag(false),
  SERVICE_WORKER: envFlag(true),
  DOWNLOAD_WINDOWS_URL: optionalVar(httpUrl),
  DOWNLOAD_EXTENSION_URL: optionalVar(httpUrl),
  DOWNLOAD_ANDROID_URL: optionalVar(httpUrl),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  NODE_ENV: z.string().optional(),
  TRUST_PROXY: z.string().default('false').transform(trustProxyOf),
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().int().min(1).max(600).default(10),
  REDIS_URL: z.string().optional(),
  REDIS_KEY_PREFIX: z.string().min(1).default('qm:'),
  SIGN_KEY: aes128Secret(DEFAULT_SIGN_KEY),
  SIGN_IV: aes128Secret(DEFAULT_SIGN_IV),
  SIGN_WINDOW_SECONDS: z.coerce.number().int().min(1).max(86400).default(DEFAULT_SIGN_WINDOW_SECONDS),
  SIGN_REQUIRED: envFlag(true),
  JWT_SECRET: optionalVar(z.string().min(32, '至少 32 个字符')),
  ACCESS_TOKEN_MINUTES: z.coerce.number().int().min(1).max(1440).default(30),
  REFRESH_TOKEN_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  REFRESH_REUSE_GRACE_SECONDS: z.coerce.number().int().min(0).max(300).default(30),
  LOGIN_MAX_FAILURES_PER_ACCOUNT: z.coerce.number().int().min(1).default(5),
  LOGIN_MAX_FAILURES_PER_IP: z.coerce.number().int().min(1).default(30),
  LOGIN_FAILURE_WINDOW_MINUTES: z.coerce.number().int().min(1).max(1440).default(15),
  CSP_MODE: optionalVar(z.enum(['enforce', 'report-only', 'off'])),
  CDKEY_MAX_FAILURES_PER_ACCOUNT: z.coerce.number().int().min(1).default(10),
  CDKEY_MAX_FAILURES_PER_IP: z.coerce.number().int().min(1).default(30),
  CDKEY_FAILURE_WINDOW_MINUTES: z.coerce.number().int().min(1).max(1440).default(60),
  PREVIEW_ORIGIN: optionalVar(z.url({ protocol: /^https?$/ }).transform((url) => new URL(url).origin)),
  DEV_OUTBOX: optionalVar(z.enum(['true', 'false', '1', '0'])),
  DEV_CAPTCHA: optionalVar(z.enum(['true', 'false', '1', '0'])),
  WECHAT_LOCAL_CONFIRM: optionalVar(z.enum(['true', 'false', '1', '0'])),
  PUBLIC_ORIGIN: optionalVar(z.url({ protocol: /^https?$/ }).transform((url) => url.replace(/\/+$/, ''))),
  WECHAT_APP_ID: optionalVar(z.string()),
  WECHAT_APP_SECRET: optionalVar(z.string()),
  WECHAT_TOKEN: optionalVar(z.string()),
  WECHAT_API_BASE: z.url().transform((url) => url.replace(/\/+$/, '')).default('https://api.weixin.qq.com'),
  WECHAT_QR_SECONDS: z.coerce.number().int().min(10).max(1800).default(120),
  SOCIAL_PROVIDERS: optionalVar(z.string()),
  GITHUB_CLIENT_ID: optionalVar(z.string()),
  GITHUB_CLIENT_SECRET: optionalVar(z.string()),
  SMTP_URL: optionalVar(z.url({ protocol: /^smtps?$/, error: '必须是 smtp:// 或 smtps:// 开头的地址' })),
  MAIL_FROM: optionalVar(z.string()),
  ALIYUN_SMS_ACCESS_KEY_ID: optionalVar(z.string()),
  ALIYUN_SMS_ACCESS_KEY_SECRET: optionalVar(z.string()),
  ALIYUN_SMS_SIGN_NAME: optionalVar(z.string()),
  ALIYUN_SMS_TEMPLATE_CODE: optionalVar(z.string()),
  ALIYUN_SMS_ENDPOINT: z.url({ protocol: /^https?$/ }).default('https://dysmsapi.aliyuncs.com/'),
  CAPTCHA_RATE_PER_IP: z.coerce.number().int().min(1).default(30),
  CAPTCHA_RATE_PER_TARGET: z.coerce.number().int().min(1).default(10),
  CODE_RATE_PER_TARGET_MINUTE: z.coerce.number().int().min(1).default(1),
  CODE_RATE_PER_TARGET_DAY: z.coerce.number().int().min(1).default(10),
  CODE_RATE_PER_IP_HOUR: z.coerce.number().int().min(1).default(20),
  CODE_PEPPER: optionalVar(z.string().min(16, '至少 16 个字符')),
  POINTS_DAILY_BY_TIER: pointsList('2000,10000,30000,60000', { min: 4, max: 4 }),
  POINTS_HOLD_MINUTES: z.coerce.number().int().min(1).max(1440).default(90),
  POINTS_HOLD_SWEEP_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  POINTS_HOLD_MAX_OUTPUT_TOKENS: z.coerce.number().int().min(1).max(1_000_000).default(4000),
  POINTS_HOLD_MAX_OUTPUT_CHARS: z.coerce.number().int().min(1).max(1_000_000).default(4000),
  SIGNIN_REWARDS: pointsList('200,300,400,500,600,800,1000', { min: 1, max: 31 }),
  INVITE_REWARD_POINTS: z.coerce.number().int().min(0).max(1_000_000_000).default(8888),
  INVITE_DAILY_CAP: z.coerce.number().int().min(0).default(20),
  INVITE_SAME_IP_CHECK: envFlag(true),
  INVITE_INCOME_ACCOUNT: optionalVar(z.string()),
  CHAT_CHANNELS: optionalVar(z.string()),
  CHAT_CHANNELS_FILE: optionalVar(z.string()),
  CHAT_CHANNEL_COOLDOWN_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
  CHAT_BANNED_WORDS_FILE: optionalVar(z.string()),
  CHAT_PING_SECONDS: z.coerce.number().min(0.05).max(600).default(5),
  CHAT_FOLLOW_UP_SECONDS: z.coerce.number().min(0).max(60).default(8),
  CHAT_MAX_RUNNING_JOBS: z.coerce.number().int().min(1).max(100_000).default(200),
  OFFLINE_TOKENS_PER_SECOND: z.coerce.number().min(0).max(100_000).default(60),
  OFFLINE_FIRST_TOKEN_MS: z.coerce.number().int().min(0).max(600_000).default(300),
  OFFLINE_FAULT: optionalVar(z.enum(['slow-first-token', 'error-before-output', 'error-mid-stream', 'stall', 'malformed-chunk'])),
  INSTANCE_ID: optionalVar(z.string().regex(/^[\w.:-]{1,100}$/, '只能包含字母、数字、_ . : -')),
  CATALOGUE_RELOAD_SECONDS: z.coerce.number().int().min(1).max(3600).default(15),
});

/** The real code senders: each is on when all its values are set, off (dev outbox) when none is. */
function codeSendersOf(e: z.infer<typeof EnvSchema>): { smtp: ServerConfig['smtp']; aliyunSms: ServerConfig['aliyunSms']; problems: string[] } {
  const problems: string[] = [];
  const { SMTP_URL: url, MAIL_FROM: from } = e;
  if (!!url !== !!from) problems.push('SMTP_URL 和 MAIL_FROM 需要一起设置');
  const sms = [e.ALIYUN_SMS_ACCESS_KEY_ID, e.ALIYUN_SMS_ACCESS_KEY_SECRET, e.ALIYUN_SMS_SIGN_NAME, e.ALIYUN_SMS_TEMPLATE_CODE];
  const smsSet = sms.filter(Boolean).length;
  if (smsSet > 0 && smsSet < sms.length) problems.push('ALIYUN_SMS_ACCESS_KEY_ID、ALIYUN_SMS_ACCESS_KEY_SECRET、ALIYUN_SMS_SIGN_NAME 和 ALIYUN_SMS_TEMPLATE_CODE 需要一起设置');
  const [accessKeyId, accessKeySecret, signName, templateCode] = sms;
  return {
    smtp: url && from ? { url, from } : undefined,
    aliyunSms: accessKeyId && accessKeySecret && signName && templateCode ? { accessKeyId, accessKeySecret, signName, templateCode, endpoint: e.ALIYUN_SMS_ENDPOINT } : undefined,
    problems,
  };
}

/** One OAuth2 / OIDC sign-in provider (SOCIAL_PROVIDERS entries; GITHUB_* builds the GitHub one). */
export interface SocialProviderConfig {
  /** In URLs: ?provider=<id>. */
  id: string;
  /** Shown on the login page. */
  name: string;
  clientId: string;
  clientSecret: string;
  authorizeUrl: string;
  tokenUrl: string;
  userInfoUrl: string;
  scope: string;
  /** The userinfo field that identifies the user for good (OIDC `sub`, GitHub `id`). */
  subjectField: string;
  /** The userinfo field a new user's name is taken from. */
  usernameField: string;
}

const SocialProviderSchema = z.object({
  id: z.string().regex(/^[a-z0-9_-]{1,40}$/, '只能是 1–40 个小写字母、数字、- 或 _'),
  name: z.string().min(1).max(40),
  clientId: z.string().min(1),
  clientSecret: z.string().min(1),
  authorizeUrl: z.url(),
  tokenUrl: z.url(),
  userInfoUrl: z.url(),
  scope: z.string().default(''),
  subjectField: z.string().min(1).default('sub'),
  usernameField: z.string().min(1).default('preferred_username'),
});

function githubProvider(clientId: string, clientSecret: string): SocialProviderConfig {
  return {
    id: 'github',
    name: 'GitHub',
    clientId,
    clientSecret,
    authorizeUrl: 'https://github.com/login/oauth/authorize',
    tokenUrl: 'https://github.com/login/oauth/access_token',
    userInfoUrl: 'https://api.github.com/user',
    scope: 'read:user',
    subjectField: 'id',
    usernameField: 'login',
  };
}

/** SOCIAL_PROVIDERS (a JSON list) plus GitHub from GITHUB_CLIENT_ID / GITHUB_CLIENT_SECRET; problems as messages. */
function socialProvidersOf(e: z.infer<typeof EnvSchema>): { providers: SocialProviderConfig[]; problems: string[] } {
  const problems: string[] = [];
  let providers: SocialProviderConfig[] = [];
  if (e.SOCIAL_PROVIDERS) {
    let json: unknown;
    try {
      json = JSON.parse(e.SOCIAL_PROVIDERS);
    } catch {
      problems.push('SOCIAL_PROVIDERS: 不是合法的 JSON');
    }
    const parsed = z.array(SocialProviderSchema).safeParse(json);
    if (json !== undefined && !parsed.success) problems.push(...parsed.error.issues.map((i) => `SOCIAL_PROVIDERS.${i.path.join('.')}: ${i.message}`));
    if (parsed.success) providers = parsed.data;
  }
  if (!!e.GITHUB_CLIENT_ID !== !!e.GITHUB_CLIENT_SECRET) problems.push('GITHUB_CLIENT_ID 和 GITHUB_CLIENT_SECRET 需要一起设置');
  else if (e.GITHUB_CLIENT_ID && e.GITHUB_CLIENT_SECRET && !providers.some((p) => p.id === 'github')) providers.push(githubProvider(e.GITHUB_CLIENT_ID, e.GITHUB_CLIENT_SECRET));
  const ids = providers.map((p) => p.id);
  if (new Set(ids).size !== ids.length) problems.push('SOCIAL_PROVIDERS: id 不能重复');
  return { providers, problems };
}

/** CHAT_CHANNELS wins over CHAT_CHANNELS_FILE; the JSON is validated when the server builds its channels. */
function chatChannelsOf(e: z.infer<typeof EnvSchema>): { channelsJson: string | undefined; channelsSource: string } {
  if (e.CHAT_CHANNELS) return { channelsJson: e.CHAT_CHANNELS, channelsSource: 'CHAT_CHANNELS' };
  if (!e.CHAT_CHANNELS_FILE) return { channelsJson: undefined, channelsSource: '' };
  try {
    return { channelsJson: fs.readFileSync(e.CHAT_CHANNELS_FILE, 'utf8'), channelsSource: e.CHAT_CHANNELS_FILE };
  } catch (error) {
    throw new Error(`invalid server configuration: CHAT_CHANNELS_FILE: 无法读取 ${e.CHAT_CHANNELS_FILE}（${(error as Error).message}）`);
  }
}

/** The official account, when WECHAT_APP_ID / WECHAT_APP_SECRET / WECHAT_TOKEN are all set. */
function wechatOfficialOf(e: z.infer<typeof EnvSchema>): { official: ServerConfig['wechat']['official']; problems: string[] } {
  const { WECHAT_APP_ID: appId, WECHAT_APP_SECRET: appSecret, WECHAT_TOKEN: token } = e;
  if (!appId && !appSecret) return { official: null, problems: [] };
  if (!appId || !appSecret || !token) return { official: null, problems: ['WECHAT_APP_ID、WECHAT_APP_SECRET 和 WECHAT_TOKEN 需要一起设置'] };
  return { official: { appId, appSecret, token, apiBase: e.WECHAT_API_BASE }, problems: [] };
}

/** The development stand-ins (devStandIns.ts): on by default outside production only. */
function standInsOf(e: z.infer<typeof EnvSchema>, senders: ReturnType<typeof codeSendersOf>, pay: PayConfig, wechatOfficial: boolean): DevStandIns {
  const development = e.NODE_ENV !== 'production';
  const outbox = standInFlag(e.DEV_OUTBOX, development);
  return {
    outbox,
    captcha: standInFlag(e.DEV_CAPTCHA, development && outbox && !senders.smtp && !senders.aliyunSms),
    paySandbox: pay.sandbox,
    wechatLocalConfirm: !wechatOfficial && standInFlag(e.WECHAT_LOCAL_CONFIRM, development),
  };
}

/** The guards default to on only in production: developers keep their developer tools. */
function siteOf(e: z.infer<typeof EnvSchema>): SiteConfig {
  const guards = e.SITE_GUARDS === undefined ? e.NODE_ENV === 'production' : e.SITE_GUARDS === 'true' || e.SITE_GUARDS === '1';
  return {
    edition: e.SITE_EDITION,
    locale: e.SITE_EDITION === 'international' ? 'en-US' : 'zh-CN',
    guards,
    specialLayout: e.SITE_SPECIAL_LAYOUT,
    ...(e.PREVIEW_ORIGIN ? { previewOrigin: e.PREVIEW_ORIGIN } : {}),
  };
}

export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  /** PostgreSQL when set; SQLite in dataDir otherwise. */
  databaseUrl: string | undefined;
  hostShellDir: string;
  /** SERVICE_WORKER: the host build's service worker at /sw.js; false serves one that clears its caches and unregisters itself. */
  serviceWorker: boolean;
  /** The remote store's folder (DATA_DIR/remotes) when blobs are on local disk; with S3 the bucket's remotes/ holds it. */
  remoteStoreDir: string;
  /** The blob store (server/src/storage/README.md): BLOB_DIR (default DATA_DIR/blobs), or an S3 bucket when S3_BUCKET is set. */
  storage: StorageConfig;
  /** Bearer token for registry mutations over HTTP; without it those calls are refused. */
  opsToken: string | undefined;
  /** HMAC key of preview links (platform README); DATA_DIR/secrets.json keeps a generated one when unset. Every instance needs the same. */
  previewLinkSecret: string | undefined;
  apiSiteUrl: string;
  /** 联系我们: what the operator publishes (all optional; GET /app-api/platform/contact). */
  contact: { email: string | null; wechat: string | null; qrUrl: string | null; note: string | null; group: string | null };
  /** Language and page-wide switches, served in the registry (SITE_EDITION, SITE_GUARDS, SITE_SPECIAL_LAYOUT). */
  site: SiteConfig;
  /** The client downloads (GET /app-api/platform/downloads); null when not published. */
  downloads: DownloadLinks;
  logLevel: z.infer<typeof EnvSchema>['LOG_LEVEL'];
  /** NODE_ENV=production. */
  production: boolean;
  /** The Content-Security-Policy (CSP_MODE): enforced in production, report-only (console only) otherwise. */
  cspMode: 'enforce' | 'report-only' | 'off';
  /** Proxies whose forwarding headers are believed (TRUST_PROXY); false: the socket's address is the client. */
  trustProxy: TrustProxy;
  /** How long a stopping server waits for requests and jobs to finish before it exits anyway. */
  shutdownGraceSeconds: number;
  /** Shared state (nonces, later rate limits…) in Redis when set; in this process otherwise. */
  redisUrl: string | undefined;
  /** Put before every shared-state key, so several deployments or test runs can share one Redis. */
  redisKeyPrefix: string;
  /** Request signature (http/requestSignature.ts): AES-128-CBC key and IV, 16 ASCII characters each. */
  signKey: string;
  signIv: string;
  /** How many seconds a request's signed time may be off from the server's (SIGN_WINDOW_SECONDS, default 60). */
  signWindowSeconds: number;
  /** false only for local API experiments: /app-api calls are then accepted unsigned. */
  signRequired: boolean;
  /** HS256 key of access tokens; DATA_DIR/secrets.json keeps a generated one when unset. */
  jwtSecret: string | undefined;
  accessTokenMinutes: number;
  refreshTokenDays: number;
  /** How long an exchanged refresh token is still accepted (two tabs refreshing at once). */
  refreshReuseGraceSeconds: number;
  /** Password failures before a lock of one window, per account and per IP. */
  loginLimits: { perAccount: number; perIp: number; windowMinutes: number };
  /** Wrong redemption codes per account and per IP before redeeming is refused for the rest of the window. */
  redeemLimits: { perAccount: number; perIp: number; windowMinutes: number };
  /** Development stand-ins in use (devStandIns.ts): dev outbox, dev captcha, pay sandbox, local WeChat confirm. */
  devStandIns: DevStandIns;
  /** Where browsers reach the site (social redirect_uri, local WeChat confirm page); else each request's own origin (never in production: required there). */
  publicOrigin: string | undefined;
  wechat: {
    /** The official account that makes login QR codes; null: the local confirm page plays the phone. */
    official: { appId: string; appSecret: string; token: string; apiBase: string } | null;
    /** How long a login QR code is valid. */
    qrSeconds: number;
  };
  socialProviders: SocialProviderConfig[];
  /** Verification e-mail over SMTP (SMTP_URL + MAIL_FROM); unset: the dev outbox. */
  smtp: { url: string; from: string } | undefined;
  /** Verification SMS through Aliyun SendSms (the four ALIYUN_SMS_* values); unset: the dev outbox. */
  aliyunSms: { accessKeyId: string; accessKeySecret: string; signName: string; templateCode: string; endpoint: string } | undefined;
  /** Slide-captcha challenges allowed per IP and per target in a window (captcha module). */
  captchaRates: { perIp: number; perTarget: number; windowSeconds: number };
  /** Verification code sends allowed per target (phone or e-mail) and per IP. */
  codeRates: { perTargetMinute: number; perTargetDay: number; perIpHour: number };
  /** HMAC key of stored verification codes; DATA_DIR/secrets.json keeps a generated one when unset. */
  codePepper: string | undefined;
  points: PointsConfig;
  /** Sign-in reward for day 1, 2, 3… of a streak; the last value repeats. */
  signinRewards: number[];
  invites: InvitesConfig;
  chat: ChatConfig;
  pay: PayConfig;
  /** Chat uploads: folder, size limit, parse time limit, OCR (UPLOAD_*). */
  uploads: UploadsConfig;
  /** Read-aloud and voice input services (SPEECH_*, TRANSCRIBE_*). */
  speech: SpeechConfig;
  /** AI drawing: workers per instance, task time limit, the image link key (IMAGE_*). */
  images: ImagesConfig;
  /** AI video: workers per instance, task time limit, the video link key, channels (VIDEO_*). */
  video: VideoConfig;
  slides: SlidesConfig;
  /** Paper AIGC check: judge model, workers, time limit (PAPER_CHECK_*). */
  paperCheck: PaperCheckConfig;
  /** Voice cloning: provider, workers, time limit (VOICE_CLONE_*). */
  voices: VoicesConfig;
  /** Knowledge bases: limits and ingestion workers (KNOWLEDGE_*). */
  knowledge: KnowledgeConfig;
  /** 联网搜索: the provider, its key and limits (SEARCH_*). */
  webSearch: WebSearchConfig;
  /** Extensions (MCP): whether the built-in 网页读取 may fetch (EXTENSIONS_*). */
  extensions: ExtensionsConfig;
  /** The mirror site: daily uses, invite extras, promo days, the credentials' key (MIRROR_*). */
  mirror: MirrorConfig;
}

export interface ChatConfig {
  /** The channels JSON (CHAT_CHANNELS, or the content of CHAT_CHANNELS_FILE); none: every model answers offline. */
  channelsJson: string | undefined;
  /** Where channelsJson came from, for error messages. */
  channelsSource: string;
  /** A channel that failed before its first token is skipped this long. */
  channelCooldownSeconds: number;
  /** The banned-words list (chat/policy); unset: the built-in one. */
  bannedWordsFile: string | undefined;
  /** A ping chunk with wait text after this much upstream silence. */
  pingSeconds: number;
  /** The follow-up suggestions call after an answer on a real channel gives up after this long; 0 turns it off. */
  followUpSeconds: number;
  /** Generations one instance runs at once; more are refused (1909) before anything is written. */
  maxRunningJobs: number;
  offline: { tokensPerSecond: number; firstTokenMs: number; fault: z.infer<typeof EnvSchema>['OFFLINE_FAULT'] };
  /** Names this server instance in job ownership and crash recovery (default host:port). */
  instanceId: string;
  catalogueReloadSeconds: number;
}

export interface PointsConfig {
  /** Daily allowance per subscription tier (userPackage2 0 free, 1 starter, 2 basic, 3 professional). */
  dailyByTier: number[];
  /** How long a hold lives before the sweeper releases it. */
  holdMinutes: number;
  /** How often the sweeper looks for expired holds. */
  sweepSeconds: number;
  /** A per-token model's hold covers this many output tokens (plus the prompt estimate). */
  holdMaxOutputTokens: number;
  /** A per-character model's hold covers this many reply characters (plus the prompt). */
  holdMaxOutputChars: number;
}

export interface InvitesConfig {
  /** Permanent points each side gets, once per invitee. */
  rewardPoints: number;
  /** Rewarded invites per inviter and business day; later ones are recorded unrewarded. */
  dailyCap: number;
  /** No reward when the invitee registered from the inviter's IP or from the IP of an already rewarded invitee. */
  sameIpCheck: boolean;
  /** The one account (user id or username) whose invite dialog shows 当前总收入. */
  incomeAccount: string | undefined;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    throw new Error(`invalid server configuration: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  }
  const e = parsed.data;
  const social = socialProvidersOf(e);
  const wechat = wechatOfficialOf(e);
  const senders = codeSendersOf(e);
  const pay = payConfigOf(env);
  const dataDir = path.resolve(e.DATA_DIR);
  const storage = storageConfigOf(env, dataDir);
  const problems = [...social.problems, ...wechat.problems, ...senders.problems, ...pay.problems, ...storage.problems];
  if (e.NODE_ENV === 'production' && !e.PUBLIC_ORIGIN) {
    problems.push('PUBLIC_ORIGIN: 生产环境（NODE_ENV=production）必须设置网站的公开地址，例如 https://www.example.com（公开链接不能取自请求的 Host 头）');
  }
  if (problems.length) throw new Error(`invalid server configuration: ${problems.join('; ')}`);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL || undefined,
    hostShellDir: path.resolve(e.HOST_SHELL_DIR),
    serviceWorker: e.SERVICE_WORKER,
    remoteStoreDir: path.join(dataDir, 'remotes'),
    storage: storage.storage,
    opsToken: e.OPS_TOKEN || undefined,
    previewLinkSecret: e.PREVIEW_LINK_SECRET,
    apiSiteUrl: e.API_SITE_URL,
    contact: { email: e.CONTACT_EMAIL || null, wechat: e.CONTACT_WECHAT || null, qrUrl: e.CONTACT_QR_URL || null, note: e.CONTACT_NOTE || null, group: e.CONTACT_GROUP || null },
    site: siteOf(e),
    downloads: { windows: e.DOWNLOAD_WINDOWS_URL ?? null, extension: e.DOWNLOAD_EXTENSION_URL ?? null, android: e.DOWNLOAD_ANDROID_URL ?? null },
    logLevel: e.LOG_LEVEL,
    production: e.NODE_ENV === 'production',
    cspMode: e.CSP_MODE ?? (e.NODE_ENV === 'production' ? 'enforce' : 'report-only'),
    trustProxy: e.TRUST_PROXY,
    shutdownGraceSeconds: e.SHUTDOWN_GRACE_SECONDS,
    redisUrl: e.REDIS_URL || undefined,
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    signKey: e.SIGN_KEY,
    signIv: e.SIGN_IV,
    signWindowSeconds: e.SIGN_WINDOW_SECONDS,
    signRequired: e.SIGN_REQUIRED,
    jwtSecret: e.JWT_SECRET,
    accessTokenMinutes: e.ACCESS_TOKEN_MINUTES,
    refreshTokenDays: e.REFRESH_TOKEN_DAYS,
    refreshReuseGraceSeconds: e.REFRESH_REUSE_GRACE_SECONDS,
    loginLimits: { perAccount: e.LOGIN_MAX_FAILURES_PER_ACCOUNT, perIp: e.LOGIN_MAX_FAILURES_PER_IP, windowMinutes: e.LOGIN_FAILURE_WINDOW_MINUTES },
    devStandIns: standInsOf(e, senders, pay.pay, !!wechat.official),
    redeemLimits: { perAccount: e.CDKEY_MAX_FAILURES_PER_ACCOUNT, perIp: e.CDKEY_MAX_FAILURES_PER_IP, windowMinutes: e.CDKEY_FAILURE_WINDOW_MINUTES },
    publicOrigin: e.PUBLIC_ORIGIN,
    wechat: { official: wechat.official, qrSeconds: e.WECHAT_QR_SECONDS },
    socialProviders: social.providers,
    smtp: senders.smtp,
    aliyunSms: senders.aliyunSms,
    captchaRates: { perIp: e.CAPTCHA_RATE_PER_IP, perTarget: e.CAPTCHA_RATE_PER_TARGET, windowSeconds: 600 },
    codeRates: { perTargetMinute: e.CODE_RATE_PER_TARGET_MINUTE, perTargetDay: e.CODE_RATE_PER_TARGET_DAY, perIpHour: e.CODE_RATE_PER_IP_HOUR },
    codePepper: e.CODE_PEPPER,
    points: {
      dailyByTier: e.POINTS_DAILY_BY_TIER,
      holdMinutes: e.POINTS_HOLD_MINUTES,
      sweepSeconds: e.POINTS_HOLD_SWEEP_SECONDS,
      holdMaxOutputTokens: e.POINTS_HOLD_MAX_OUTPUT_TOKENS,
      holdMaxOutputChars: e.POINTS_HOLD_MAX_OUTPUT_CHARS,
    },
    signinRewards: e.SIGNIN_REWARDS,
    chat: {
      ...chatChannelsOf(e),
      channelCooldownSeconds: e.CHAT_CHANNEL_COOLDOWN_SECONDS,
      bannedWordsFile: e.CHAT_BANNED_WORDS_FILE,
      pingSeconds: e.CHAT_PING_SECONDS,
      followUpSeconds: e.CHAT_FOLLOW_UP_SECONDS,
      maxRunningJobs: e.CHAT_MAX_RUNNING_JOBS,
      offline: { tokensPerSecond: e.OFFLINE_TOKENS_PER_SECOND, firstTokenMs: e.OFFLINE_FIRST_TOKEN_MS, fault: e.OFFLINE_FAULT },
      instanceId: e.INSTANCE_ID ?? `${os.hostname()}:${e.PORT}`,
      catalogueReloadSeconds: e.CATALOGUE_RELOAD_SECONDS,
    },
    invites: {
      rewardPoints: e.INVITE_REWARD_POINTS,
      dailyCap: e.INVITE_DAILY_CAP,
      sameIpCheck: e.INVITE_SAME_IP_CHECK,
      incomeAccount: e.INVITE_INCOME_ACCOUNT,
    },
    pay: pay.pay,
    uploads: uploadsConfigOf(env, dataDir),
    speech: speechConfigOf(env),
    images: imagesConfigOf(env),
    video: videoConfigOf(env),
    slides: slidesConfigOf(env),
    paperCheck: paperCheckConfigOf(env),
    voices: voicesConfigOf(env),
    knowledge: knowledgeConfigOf(env),
    webSearch: webSearchConfigOf(env),
    extensions: extensionsConfigOf(env),
    mirror: mirrorConfigOf(env),
  };
}
