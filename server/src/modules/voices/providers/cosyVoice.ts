import { callOutbound, requireOk, OutboundError } from '../../../http/outbound.js';
import type { Log } from '../../../log.js';
import { Mp3Stream } from '../../speech/mp3Encoder.js';
import { providerFailure, VoiceProviderError, type CloneJob, type ClonedVoice, type SpeakJob, type VoiceProvider } from './provider.js';

export interface CosyVoiceOptions {
  baseUrl: string;
  apiKey: string | undefined;
  /** The PCM rate when the answer does not say it (CosyVoice-300M 22 050 Hz, CosyVoice2 24 000 Hz). */
  sampleRate: number;
  log: Log;
  speakTimeoutMs?: number;
}

/** Sample rates an MP3 can have (the encoder refuses others). */
export const MP3_SAMPLE_RATES = [8000, 11025, 12000, 16000, 22050, 24000, 32000, 44100, 48000] as const;
/** A few minutes of 24 kHz 16-bit speech; more is not an answer to keep in memory. */
const MAX_PCM_BYTES = 64 * 1024 * 1024;
/** Said once when a voice is made, to check the service takes the sample. */
export const COSYVOICE_CHECK_TEXT = '你好，这是我复刻的声音。';

/**
 * A CosyVoice-style reference-audio API (CosyVoice's FastAPI server, runtime/python/fastapi):
 * nothing is registered — every synthesis is `POST {base}/inference_zero_shot`, multipart
 * `tts_text`, `prompt_text` (what the sample says) and `prompt_wav` (the sample as WAV), answered
 * with raw 16-bit mono PCM (its rate in `X-Custom-Header-sampleRate` where the server sends it,
 * else VOICE_CLONE_SAMPLE_RATE), which is encoded to MP3 here. "Cloning" keeps the 16 kHz
 * reference WAV and checks once that the service speaks with it. The documented API takes no
 * speed, so the read-aloud speed setting does not apply to these voices.
 */
export function cosyVoiceProvider(options: CosyVoiceOptions): VoiceProvider {
  const { baseUrl, apiKey, log } = options;
  const headers: Record<string, string> = apiKey ? { authorization: `Bearer ${apiKey}` } : {};
  const secrets = [apiKey];

  async function synthesize(text: string, transcript: string, reference: Buffer, signal?: AbortSignal): Promise<Buffer> {
    const form = new FormData();
    form.append('tts_text', text);
    form.append('prompt_text', transcript);
    form.append('prompt_wav', new Blob([new Uint8Array(reference)], { type: 'audio/wav' }), 'prompt.wav');
    try {
      const answer = requireOk(
        await callOutbound({ url: `${baseUrl}/inference_zero_shot`, method: 'POST', headers, body: form, timeoutMs: options.speakTimeoutMs ?? 600_000, signal, secrets, maxBytes: MAX_PCM_BYTES }),
        { secrets },
      );
      const pcm = answer.body;
      if (pcm.length < 2 || /^\s*[{<]/.test(pcm.subarray(0, 16).toString('latin1'))) throw new VoiceProviderError('声音复刻服务没有返回音频，请检查服务配置');
      const declared = Number(answer.headers.get('x-custom-header-samplerate'));
      const rate = (MP3_SAMPLE_RATES as readonly number[]).includes(declared) ? declared : options.sampleRate;
      const samples = new Int16Array(pcm.length >> 1);
      for (let i = 0; i < samples.length; i++) samples[i] = pcm.readInt16LE(i * 2);
      const mp3 = new Mp3Stream(rate);
      mp3.write(samples);
      return mp3.end();
    } catch (error) {
      if (error instanceof OutboundError) log.warn({ upstream: baseUrl }, `[voices] CosyVoice inference_zero_shot failed: ${error.message}`);
      throw providerFailure(error);
    }
  }

  return {
    kind: 'cosyvoice',
    offline: false,
    needsTranscript: true,
    async clone(job: CloneJob): Promise<ClonedVoice> {
      await synthesize(COSYVOICE_CHECK_TEXT, job.transcript, job.reference, job.signal);
      return { providerVoiceId: null, state: null, keepsReference: true };
    },
    async speak(job: SpeakJob): Promise<Buffer> {
      return synthesize(job.text, job.voice.transcript, await job.voice.reference());
    },
    async remove(): Promise<void> {},
  };
}
