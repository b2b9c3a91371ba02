import type { VoiceCloneProvider, VoiceSampleFormat } from '@qiming/contracts';
import { OutboundError } from '../../../http/outbound.js';
import { upstreamFailureMessage } from '../../speech/upstreamHttp.js';

/** A failure whose message is for the user (Chinese): it becomes the clone's error or the refusal of a synthesis. */
export class VoiceProviderError extends Error {}

/** What a provider gets to clone a voice. */
export interface CloneJob {
  name: string;
  /** The sample as uploaded. */
  sample: { data: Buffer; format: VoiceSampleFormat; mime: string };
  /** The sample as 16 kHz mono 16-bit WAV (what reference-audio services load). */
  reference: Buffer;
  /** What the sample says ('' when not asked). */
  transcript: string;
  facts: { pitchHz: number | null; syllablesPerSecond: number };
  signal: AbortSignal;
}

/** What a clone leaves for speaking later. */
export interface ClonedVoice {
  /** The provider's own id of the voice (ElevenLabs' voice_id); null when it keeps none. */
  providerVoiceId: string | null;
  /** Kept as JSON with the voice (the offline demo's eSpeak tuning). */
  state: unknown;
  /** The provider needs the reference WAV with every synthesis (kept in the blob store). */
  keepsReference: boolean;
}

/** A stored voice as a provider sees it when speaking or removing. */
export interface StoredVoice {
  id: string;
  providerVoiceId: string | null;
  state: unknown;
  transcript: string;
  /** The reference WAV (for providers that keep one). */
  reference(): Promise<Buffer>;
}

export interface SpeakJob {
  voice: StoredVoice;
  /** Plain text (no Markdown). */
  text: string;
  /** OpenAI's speed factor 0.25–4 (each provider maps or clamps it). */
  speed: number;
  owner: string;
  ticket?: string | undefined;
}

/** One way of cloning voices and speaking with them: ElevenLabs-style, CosyVoice-style, or the offline demo. */
export interface VoiceProvider {
  readonly kind: VoiceCloneProvider;
  /** The offline demo (离线演示): nothing is cloned, only pitch and speed follow the sample. */
  readonly offline: boolean;
  /** The provider needs what the sample says. */
  readonly needsTranscript: boolean;
  clone(job: CloneJob): Promise<ClonedVoice>;
  /** MP3 bytes of the text in the voice. */
  speak(job: SpeakJob): Promise<Buffer>;
  /** Removes the provider's copy of the voice (nothing for providers that keep none); a voice already gone is not an error. */
  remove(voice: StoredVoice): Promise<void>;
}

/** The words for the user when a call to the clone service failed; other errors pass unchanged. */
export function providerFailure(error: unknown): unknown {
  if (!(error instanceof OutboundError)) return error;
  return new VoiceProviderError(upstreamFailureMessage(error.failure, '声音复刻服务', '声音复刻服务返回的内容过大'), { cause: error });
}
