import { z } from 'zod';

/** The speech services (server/src/modules/speech/README.md): upstream ones when configured, else local synthesis and no transcription. */
export interface SpeechConfig {
  /** An OpenAI-compatible text-to-speech service; null: the built-in eSpeak NG synthesizer. */
  upstream: { baseUrl: string; apiKey: string | undefined; modelMap: Record<string, string> } | null;
  /** The built-in synthesizer's worker threads (kept within 1…cores−1; unset: cores−1), one user's requests at once, waiting requests in all. */
  local: { workers: number | undefined; perUser: number; queue: number };
  /** An OpenAI-compatible transcription service; null: voice input is unavailable. */
  transcription: { baseUrl: string; apiKey: string | undefined; model: string } | null;
}

const optional = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

/** `https://host`, `https://host/` and `https://host/v1` all name the same service: requests go to {base}/v1/audio/…. */
const serviceBase = z
  .url({ protocol: /^https?$/, error: '必须是 http:// 或 https:// 开头的地址' })
  .transform((url) => url.replace(/\/+$/, '').replace(/\/v1$/, ''));

const modelMap = z
  .string()
  .transform((text, ctx) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: '不是合法的 JSON' });
      return z.NEVER;
    }
  })
  .pipe(z.record(z.string(), z.string().trim().min(1).max(200), { error: '必须是 JSON 对象，例如 {"tts-1":"cosyvoice-v1"}' }));

const SpeechEnv = z.object({
  SPEECH_API_BASE_URL: optional(serviceBase),
  SPEECH_API_KEY: optional(z.string()),
  SPEECH_MODEL_MAP: optional(modelMap),
  SPEECH_LOCAL_WORKERS: optional(z.coerce.number().int().min(1).max(256)),
  SPEECH_LOCAL_PER_USER: z.coerce.number().int().min(1).max(100).default(2),
  SPEECH_LOCAL_QUEUE: z.coerce.number().int().min(0).max(10_000).default(16),
  TRANSCRIBE_API_BASE_URL: optional(serviceBase),
  TRANSCRIBE_API_KEY: optional(z.string()),
  TRANSCRIBE_MODEL: z.string().trim().min(1).max(200).default('whisper-1'),
});

/** Reads the speech variables; a bad value stops the server at startup with the variable's name. */
export function speechConfigOf(env: NodeJS.ProcessEnv): SpeechConfig {
  const parsed = SpeechEnv.safeParse(env);
  if (!parsed.success) {
    throw new Error(`invalid server configuration: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  }
  const e = parsed.data;
  return {
    upstream: e.SPEECH_API_BASE_URL ? { baseUrl: e.SPEECH_API_BASE_URL, apiKey: e.SPEECH_API_KEY, modelMap: e.SPEECH_MODEL_MAP ?? {} } : null,
    local: { workers: e.SPEECH_LOCAL_WORKERS, perUser: e.SPEECH_LOCAL_PER_USER, queue: e.SPEECH_LOCAL_QUEUE },
    transcription: e.TRANSCRIBE_API_BASE_URL ? { baseUrl: e.TRANSCRIBE_API_BASE_URL, apiKey: e.TRANSCRIBE_API_KEY, model: e.TRANSCRIBE_MODEL } : null,
  };
}
