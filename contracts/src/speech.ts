/**
 * Read-aloud and voice input (spec chat §2 answer actions, §4 recording and speech states, §5, §7,
 * §9). Paths under /app-api; login required.
 *
 * POST backend-api/generateSpeech { model, input ≤ 4000, voice, response_format: 'mp3', speed, ticket? }
 *   → audio/mpeg bytes; a refusal is the JSON envelope with a SPEECH_CODES code.
 * GET backend-api/getSpeechQueue?ticket= → SpeechQueueStatus of the caller's request with that ticket.
 * POST backend-api/getTranscribeAudio, multipart `audio` (≤ 25 MB) → { data: text }.
 * GET backend-api/getSpeechCapabilities → SpeechCapabilities.
 */

const speechCodes = {
  inputEmpty: 2201,
  inputTooLong: 2202,
  synthesisFailed: 2203,
  transcriptionUnavailable: 2204,
  audioMissing: 2205,
  audioTooLarge: 2206,
  transcriptionFailed: 2207,
};
export const SPEECH_CODES = speechCodes as Readonly<typeof speechCodes>;

const speechLimits = {
  inputMax: 4000,
  audioMaxBytes: 26214400,
  recordingMaxSeconds: 180,
  defaults: { model: 'tts-1', voice: 'onyx', speed: 1 },
};
export const SPEECH_LIMITS = speechLimits as Readonly<typeof speechLimits>;

export interface SpeechRequest {
  model: string;
  input: string;
  voice: string;
  response_format: 'mp3';
  speed: number;
  /** The client's name for this request ([\w-]{8,64}), to ask getSpeechQueue where it is. */
  ticket?: string;
}

/** A read-aloud request's place: waiting behind `ahead` others, being spoken, or unknown (done, or a service that does not queue). */
export type SpeechQueueStatus = { state: 'waiting'; ahead: number } | { state: 'running' } | { state: 'unknown' };

export interface SpeechCapabilities {
  /** 'upstream' = an OpenAI-compatible TTS service; 'local' = the built-in offline synthesizer. */
  speech: 'upstream' | 'local';
  /** Voice input needs a configured transcription service; false = the microphone explains that. */
  transcription: boolean;
}
