import type { VoiceCloneProvider, VoiceSampleFormat } from '@qiming/contracts';
import type { QueueColumns } from '../../tasks/taskQueue.js';

/** Voice cloning (module voices). Timestamps are ISO-8601 text so SQLite and PostgreSQL read alike. */

/** An uploaded recording that passed the checks, with what was measured of it. */
export interface VoiceSampleTable {
  id: string;
  user_id: string;
  storage_key: string;
  format: VoiceSampleFormat;
  bytes: number;
  duration_ms: number;
  loudness_db: number;
  silence_ratio: number;
  pitch_hz: number | null;
  syllables_per_second: number;
  created_at: string;
}

/**
 * One cloned voice, and the durable task that makes it (queue columns: queued → running → succeeded
 * | failed). The sample's facts are copied in, so the voice keeps them once its sample is gone.
 */
export interface VoiceTable extends QueueColumns {
  name: string;
  sample_id: string | null;
  provider: VoiceCloneProvider;
  /** The provider's id of the voice (ElevenLabs' voice_id); null for providers without one. */
  provider_voice_id: string | null;
  /** JSON the provider keeps for speaking (the offline demo's eSpeak tuning). */
  provider_state: string | null;
  /** A 16 kHz mono WAV of the sample, for providers that take reference audio with every request. */
  reference_key: string | null;
  transcript: string;
  offline_demo: number;
  duration_ms: number;
  pitch_hz: number | null;
  syllables_per_second: number;
  consent_text: string;
  consent_at: string;
  /** Held while queued or running, charged once succeeded, 0 once refunded or free. */
  points: number;
}

export interface VoicesTables {
  voice_samples: VoiceSampleTable;
  voices: VoiceTable;
}
