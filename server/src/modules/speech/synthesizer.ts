import type { SPEECH_MODELS, VOICES } from '../users/service.js';

export type SpeechModel = (typeof SPEECH_MODELS)[number];
export type Voice = (typeof VOICES)[number];

/** A validated read-aloud request: `input` is the text to say (already stripped of Markdown). */
export interface SynthesisRequest {
  model: SpeechModel;
  input: string;
  voice: Voice;
  /** OpenAI's speed factor, 0.25–4. */
  speed: number;
}

/** Turns text into MP3 bytes. A failure is an AppError with SPEECH_CODES.synthesisFailed and a Chinese message. */
export interface SpeechSynthesizer {
  readonly kind: 'upstream' | 'local';
  synthesize(request: SynthesisRequest): Promise<Buffer>;
  close(): Promise<void>;
}
