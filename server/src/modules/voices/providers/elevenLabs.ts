import { callOutbound, jsonObjectOf, requireOk, OutboundError } from '../../../http/outbound.js';
import type { Log } from '../../../log.js';
import { looksLikeMp3 } from '../../speech/mp3Frames.js';
import { providerFailure, VoiceProviderError, type CloneJob, type ClonedVoice, type SpeakJob, type StoredVoice, type VoiceProvider } from './provider.js';

export interface ElevenLabsOptions {
  baseUrl: string;
  apiKey: string;
  /** model_id of text-to-speech, e.g. eleven_multilingual_v2 (speaks Chinese). */
  model: string;
  log: Log;
  /** A synthesis waits this long at most (read-aloud's client waits 600 s). */
  speakTimeoutMs?: number;
}

const MAX_AUDIO_BYTES = 64 * 1024 * 1024;
/** ElevenLabs' voice_settings.speed accepts 0.7–1.2. */
const SPEED_RANGE = { min: 0.7, max: 1.2 } as const;

/**
 * An ElevenLabs-style voices API: POST {base}/v1/voices/add (multipart `name` + `files`) →
 * `{ voice_id }`; POST {base}/v1/text-to-speech/{voice_id} (JSON `text`, `model_id`,
 * `voice_settings`) → audio/mpeg; DELETE {base}/v1/voices/{voice_id}. The key goes in `xi-api-key`.
 */
export function elevenLabsProvider(options: ElevenLabsOptions): VoiceProvider {
  const { baseUrl, apiKey, log } = options;
  const headers = { 'xi-api-key': apiKey };
  const secrets = [apiKey];
  const call = async <T>(what: string, run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (error) {
      if (error instanceof OutboundError) log.warn({ upstream: baseUrl }, `[voices] ElevenLabs ${what} failed: ${error.message}`);
      throw providerFailure(error);
    }
  };
  return {
    kind: 'elevenlabs',
    offline: false,
    needsTranscript: false,
    clone(job: CloneJob): Promise<ClonedVoice> {
      return call('add voice', async () => {
        const form = new FormData();
        form.append('name', job.name);
        form.append('files', new Blob([new Uint8Array(job.sample.data)], { type: job.sample.mime }), `sample.${job.sample.format}`);
        form.append('description', 'cloned on 启明 AI with the speaker’s consent');
        const answer = requireOk(await callOutbound({ url: `${baseUrl}/v1/voices/add`, method: 'POST', headers, body: form, timeoutMs: 120_000, signal: job.signal, secrets, maxBytes: 1024 * 1024 }), { secrets });
        const voiceId = jsonObjectOf(answer, 'voices/add').voice_id;
        if (typeof voiceId !== 'string' || !/^[\w-]{1,128}$/.test(voiceId)) throw new VoiceProviderError('声音复刻服务没有返回音色编号，请稍后重试');
        return { providerVoiceId: voiceId, state: null, keepsReference: false };
      });
    },
    speak(job: SpeakJob): Promise<Buffer> {
      return call('text-to-speech', async () => {
        const speed = Math.min(SPEED_RANGE.max, Math.max(SPEED_RANGE.min, job.speed));
        const body = JSON.stringify({ text: job.text, model_id: options.model, voice_settings: { stability: 0.5, similarity_boost: 0.75, speed } });
        const url = `${baseUrl}/v1/text-to-speech/${encodeURIComponent(job.voice.providerVoiceId ?? '')}?output_format=mp3_44100_128`;
        const answer = requireOk(
          await callOutbound({ url, method: 'POST', headers: { ...headers, 'content-type': 'application/json', accept: 'audio/mpeg' }, body, timeoutMs: options.speakTimeoutMs ?? 600_000, secrets, maxBytes: MAX_AUDIO_BYTES }),
          { secrets },
        );
        if (!looksLikeMp3(answer.body)) throw new VoiceProviderError('声音复刻服务返回的不是 MP3 音频，请检查服务配置');
        return answer.body;
      });
    },
    async remove(voice: StoredVoice): Promise<void> {
      if (!voice.providerVoiceId) return;
      await call('delete voice', async () => {
        const answer = await callOutbound({ url: `${baseUrl}/v1/voices/${encodeURIComponent(voice.providerVoiceId!)}`, method: 'DELETE', headers, timeoutMs: 30_000, secrets, maxBytes: 1024 * 1024 });
        // Already gone there: nothing left to remove.
        if (answer.status !== 404) requireOk(answer, { secrets });
      });
    },
  };
}
