import path from 'node:path';
import { z } from 'zod';
import { OutboundError } from '../../http/outbound.js';
import type { Log } from '../../log.js';
import { SPEECH_LIMITS, speechError } from './codes.js';
import type { SpeechConfig } from './config.js';
import { postToUpstream, upstreamFailureMessage } from './upstreamHttp.js';

/** A recording as the browser uploaded it. */
export interface AudioUpload {
  bytes: Buffer;
  /** The client's file name (may be empty). */
  filename: string;
  mimeType: string;
}

export interface Transcriber {
  /** The recognised text; a failure is an AppError with SPEECH_CODES.transcriptionFailed. */
  transcribe(audio: AudioUpload): Promise<string>;
}

/** getTranscribeAudio's client gives up after 300 s (spec chat §9): the service must answer before that. */
export const TRANSCRIBE_TIMEOUT_MS = 280_000;

const AUDIO_EXTENSIONS = ['flac', 'm4a', 'mp3', 'mp4', 'mpeg', 'mpga', 'oga', 'ogg', 'wav', 'webm'] as const;
const EXTENSION_BY_TYPE: Record<string, (typeof AUDIO_EXTENSIONS)[number]> = {
  'audio/webm': 'webm',
  'video/webm': 'webm',
  'audio/ogg': 'ogg',
  'audio/mp4': 'm4a',
  'audio/x-m4a': 'm4a',
  'audio/aac': 'm4a',
  'audio/mpeg': 'mp3',
  'audio/mp3': 'mp3',
  'audio/wav': 'wav',
  'audio/x-wav': 'wav',
  'audio/wave': 'wav',
  'audio/flac': 'flac',
};

/**
 * The name the recording is sent under: Whisper-style services tell the format by its extension,
 * so a known one is kept, else one is taken from the MIME type (a browser's MediaRecorder: webm).
 */
export function uploadName(filename: string, mimeType: string): string {
  const extension = path.extname(filename).slice(1).toLowerCase();
  if ((AUDIO_EXTENSIONS as readonly string[]).includes(extension)) return `audio.${extension}`;
  return `audio.${EXTENSION_BY_TYPE[mimeType.split(';')[0]!.trim().toLowerCase()] ?? 'webm'}`;
}

const TranscriptionAnswer = z.object({ text: z.string() });

export interface UpstreamTranscriberOptions {
  service: NonNullable<SpeechConfig['transcription']>;
  timeoutMs?: number;
  log: Log;
}

/** An OpenAI-compatible transcription service: POST {base}/v1/audio/transcriptions (file, model, response_format json). */
export function createUpstreamTranscriber({ service, timeoutMs = TRANSCRIBE_TIMEOUT_MS, log }: UpstreamTranscriberOptions): Transcriber {
  return {
    async transcribe(audio) {
      const form = new FormData();
      form.append('file', new Blob([audio.bytes], { type: audio.mimeType || 'application/octet-stream' }), uploadName(audio.filename, audio.mimeType));
      form.append('model', service.model);
      form.append('response_format', 'json');
      let answer;
      try {
        answer = await postToUpstream({ url: `${service.baseUrl}/v1/audio/transcriptions`, apiKey: service.apiKey, body: form, timeoutMs, maxBytes: SPEECH_LIMITS.audioMaxBytes });
      } catch (error) {
        if (!(error instanceof OutboundError)) throw error;
        log.warn({ upstream: service.baseUrl }, `[speech] transcription failed: ${error.message}`);
        throw speechError('transcriptionFailed', upstreamFailureMessage(error.failure, '语音识别服务', '语音识别服务返回的内容过大'));
      }
      const parsed = TranscriptionAnswer.safeParse(parseJson(answer.body.toString('utf8')));
      if (!parsed.success) {
        log.warn({ upstream: service.baseUrl }, `[speech] transcription answer without text: ${answer.body.toString('utf8', 0, 300)}`);
        throw speechError('transcriptionFailed', '语音识别服务返回了无法识别的结果，请检查服务配置');
      }
      const text = parsed.data.text.trim();
      if (!text) throw speechError('transcriptionFailed', '没有识别出说话内容，请靠近麦克风再试一次');
      return text;
    },
  };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
