import { z } from 'zod';
import { MP3_SAMPLE_RATES } from './providers/cosyVoice.js';

/** Voice cloning (server/src/modules/voices/README.md): which provider clones, and how it is reached. */
export interface VoicesConfig {
  provider:
    | { kind: 'offline' }
    | { kind: 'elevenlabs'; baseUrl: string; apiKey: string; model: string }
    | { kind: 'cosyvoice'; baseUrl: string; apiKey: string | undefined; sampleRate: number };
  /** Clones this instance runs at once; 0: this instance only takes requests. */
  workers: number;
  taskTimeoutSeconds: number;
}

const optional = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

const VoicesEnv = z.object({
  VOICE_CLONE_PROVIDER: z.enum(['offline', 'elevenlabs', 'cosyvoice'], { error: '只能是 offline、elevenlabs 或 cosyvoice' }).default('offline'),
  VOICE_CLONE_BASE_URL: optional(z.url({ protocol: /^https?$/, error: '必须是 http:// 或 https:// 开头的地址' }).transform((url) => url.replace(/\/+$/, ''))),
  /** The name of the variable that holds the key, so the key itself is never in this file's variables. */
  VOICE_CLONE_API_KEY_ENV: optional(z.string().regex(/^[A-Z_][A-Z0-9_]*$/, '必须是环境变量名，例如 ELEVENLABS_API_KEY')),
  VOICE_CLONE_MODEL: z.string().trim().min(1).max(100).default('eleven_multilingual_v2'),
  VOICE_CLONE_SAMPLE_RATE: z.coerce
    .number({ error: '必须是数字' })
    .refine((rate) => (MP3_SAMPLE_RATES as readonly number[]).includes(rate), `只能是 ${MP3_SAMPLE_RATES.join('、')} 之一`)
    .default(22050),
  VOICE_CLONE_WORKERS: z.coerce.number({ error: '必须是数字' }).int().min(0).max(16).default(1),
  VOICE_CLONE_TIMEOUT_SECONDS: z.coerce.number({ error: '必须是数字' }).int().min(5).max(3600).default(300),
});

const invalid = (issues: string[]) => new Error(`invalid server configuration: ${issues.join('; ')}`);

/** The VOICE_CLONE_* variables; a bad value stops the server at startup with the variable's name and a Chinese reason. */
export function voicesConfigOf(env: NodeJS.ProcessEnv): VoicesConfig {
  const parsed = VoicesEnv.safeParse(env);
  if (!parsed.success) throw invalid(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  const e = parsed.data;
  const common = { workers: e.VOICE_CLONE_WORKERS, taskTimeoutSeconds: e.VOICE_CLONE_TIMEOUT_SECONDS };
  if (e.VOICE_CLONE_PROVIDER === 'offline') return { ...common, provider: { kind: 'offline' } };
  if (!e.VOICE_CLONE_BASE_URL) throw invalid([`VOICE_CLONE_BASE_URL: 使用 ${e.VOICE_CLONE_PROVIDER} 时必须填写服务地址`]);
  const key = e.VOICE_CLONE_API_KEY_ENV ? env[e.VOICE_CLONE_API_KEY_ENV]?.trim() || undefined : undefined;
  if (e.VOICE_CLONE_API_KEY_ENV && !key) throw invalid([`VOICE_CLONE_API_KEY_ENV: 环境变量 ${e.VOICE_CLONE_API_KEY_ENV} 没有设置或为空`]);
  if (e.VOICE_CLONE_PROVIDER === 'elevenlabs') {
    if (!key) throw invalid(['VOICE_CLONE_API_KEY_ENV: 使用 elevenlabs 时必须给出存放 API 密钥的环境变量名']);
    return { ...common, provider: { kind: 'elevenlabs', baseUrl: e.VOICE_CLONE_BASE_URL, apiKey: key, model: e.VOICE_CLONE_MODEL } };
  }
  return { ...common, provider: { kind: 'cosyvoice', baseUrl: e.VOICE_CLONE_BASE_URL, apiKey: key, sampleRate: e.VOICE_CLONE_SAMPLE_RATE } };
}
