import type { SPEECH_MODELS, VOICES } from '../users/service.js';
import type { EspeakTuning } from './espeakVoice.js';

export type SpeechModel = (typeof SPEECH_MODELS)[number];
export type Voice = (typeof VOICES)[number];

/** A validated read-aloud request: `input` is the text to say (already stripped of Markdown). */
export interface SynthesisRequest {
  model: SpeechModel;
  input: string;
  voice: Voice;
  /** OpenAI's speed factor, 0.25–4. */
  speed: number;
  /** The local synthesizer speaks with this tuning instead of the voice's (a cloned voice's offline demo). */
  tuning?: EspeakTuning;
}

/**
 * Speaks with a cloned voice (`clone:<id>`), given by the voices module: its owner only; a refusal
 * is an AppError with a Chinese message.
 */
export interface ClonedVoiceSpeaker {
  speak(request: { owner: string; voiceId: string; text: string; speed: number; ticket?: string | undefined }): Promise<Buffer>;
}

/** Who asks (the user id) and the client's ticket of this request, to ask for its place in the queue. */
export interface SpeechCaller {
  owner: string;
  ticket?: string | undefined;
}

/** A request's place: waiting behind `ahead` others, being spoken, or not known here (done, never queued, upstream). */
export type QueueStatus = { state: 'waiting'; ahead: number } | { state: 'running' } | { state: 'unknown' };

/** Turns text into MP3 bytes. A failure is an AppError with SPEECH_CODES.synthesisFailed and a Chinese message. */
export interface SpeechSynthesizer {
  readonly kind: 'upstream' | 'local';
  synthesize(request: SynthesisRequest, caller?: SpeechCaller): Promise<Buffer>;
  /** The place of a caller's request (only the local synthesizer queues). */
  status?(caller: SpeechCaller): QueueStatus;
  close(): Promise<void>;
}
