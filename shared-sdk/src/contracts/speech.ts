/**
 * Read-aloud and voice input (spec chat §2 answer actions, §4 recording and speech states, §5, §7,
 * §9). Paths under /app-api; login required.
 *
 * POST backend-api/generateSpeech { model, input ≤ 4000, voice, response_format: 'mp3', speed }
 *   → audio/mpeg bytes; a refusal is the JSON envelope with a SPEECH_CODES code.
 * POST backend-api/getTranscribeAudio, multipart `audio` (≤ 25 MB) → { data: text }.
 * GET backend-api/getSpeechCapabilities → SpeechCapabilities.
 */
import speechCodes from './speech-codes.json';
import speechLimits from './speech-limits.json';

export const SPEECH_CODES = speechCodes as Readonly<typeof speechCodes>;
export const SPEECH_LIMITS = speechLimits as Readonly<typeof speechLimits>;

export interface SpeechRequest {
  model: string;
  input: string;
  voice: string;
  response_format: 'mp3';
  speed: number;
}

export interface SpeechCapabilities {
  /** 'upstream' = an OpenAI-compatible TTS service; 'local' = the built-in offline synthesizer. */
  speech: 'upstream' | 'local';
  /** Voice input needs a configured transcription service; false = the microphone explains that. */
  transcription: boolean;
}
