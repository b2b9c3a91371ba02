import { OutboundError } from '../../http/outbound.js';
import type { Log } from '../../log.js';
import type { SpeechConfig } from './config.js';
import { speechError } from './codes.js';
import { looksLikeMp3 } from './mp3Frames.js';
import type { SpeechSynthesizer, SynthesisRequest } from './synthesizer.js';
import { postToUpstream, upstreamFailureMessage } from './upstreamHttp.js';

/** generateSpeech's client waits 600 s (spec chat §9); the service gets the same. */
export const SPEECH_UPSTREAM_TIMEOUT_MS = 600_000;
/** Far above 4000 characters of speech at any usual bitrate; more is not an answer to keep in memory. */
const MAX_AUDIO_BYTES = 64 * 1024 * 1024;

export interface UpstreamSynthesizerOptions {
  upstream: NonNullable<SpeechConfig['upstream']>;
  timeoutMs?: number;
  log: Log;
}

/**
 * An OpenAI-compatible text-to-speech service: POST {base}/v1/audio/speech with the request's
 * fields (the model through SPEECH_MODEL_MAP). The answer is read whole before it is sent on, so
 * the client gets a content-length and a failure halfway is a clear refusal, not a cut-off MP3.
 */
export function createUpstreamSynthesizer({ upstream, timeoutMs = SPEECH_UPSTREAM_TIMEOUT_MS, log }: UpstreamSynthesizerOptions): SpeechSynthesizer {
  return {
    kind: 'upstream',
    async synthesize(request: SynthesisRequest): Promise<Buffer> {
      const body = JSON.stringify({
        model: upstream.modelMap[request.model] ?? request.model,
        input: request.input,
        voice: request.voice,
        response_format: 'mp3',
        speed: request.speed,
      });
      let answer;
      try {
        answer = await postToUpstream({ url: `${upstream.baseUrl}/v1/audio/speech`, apiKey: upstream.apiKey, body, timeoutMs, maxBytes: MAX_AUDIO_BYTES });
      } catch (error) {
        if (!(error instanceof OutboundError)) throw error;
        log.warn({ upstream: upstream.baseUrl }, `[speech] text-to-speech failed: ${error.message}`);
        throw speechError('synthesisFailed', upstreamFailureMessage(error.failure, '语音合成服务', '语音合成服务返回的音频过大，请缩短朗读内容'));
      }
      if (!looksLikeMp3(answer.body)) {
        log.warn({ upstream: upstream.baseUrl }, `[speech] text-to-speech answered ${answer.contentType || 'no content type'}, ${answer.body.length} bytes that are not MP3`);
        throw speechError('synthesisFailed', '语音合成服务返回的不是 MP3 音频，请检查服务配置');
      }
      return answer.body;
    },
    async close() {},
  };
}
