/**
 * Voice cloning (spec platform §7 tts/uploadWav and tts/clone; the rest is ours). Paths under
 * /app-api; login required except tts/capabilities.
 *
 * GET  tts/capabilities → VoiceCloneCapabilities (signed out too: the page shows the provider and price).
 * POST tts/uploadWav, multipart `file` (WAV / MP3 / M4A by its bytes, 5–60 s, ≤ 10 MB) → VoiceSample.
 * GET  tts/samples → VoiceSample[] (the caller's, newest first).
 * POST tts/deleteSample { id } → null (its file goes; a sample a voice still uses is refused).
 * POST tts/sampleAudio { id } → the sample's own bytes (audio/wav | audio/mpeg | audio/mp4).
 * POST tts/clone { name ≤ 20, sampleId, consent: true, transcript? } → VoiceClone (queued: a durable task).
 * GET  tts/voices → VoiceClone[] (the caller's, newest first).
 * GET  tts/voice?id= → VoiceClone (polled while queued or running).
 * POST tts/try { voiceId, text ≤ 500 } → audio/mpeg (a refusal is the JSON envelope).
 * POST tts/deleteVoice { id } → null (the provider's voice, the voice and its sample's file go).
 *
 * A finished voice is spoken by read-aloud too: generateSpeech with `voice: 'clone:<id>'` (its owner only).
 */

const voiceCodes = {
  badSample: 3001,
  sampleNotFound: 3002,
  voiceNotFound: 3003,
  voiceNotReady: 3004,
  consentMissing: 3005,
  tooManyVoices: 3006,
  sampleInUse: 3007,
  synthesisFailed: 3008,
  transcriptMissing: 3009,
};
export const VOICE_CODES = voiceCodes as Readonly<typeof voiceCodes>;

const voiceLimits = {
  sampleMinSeconds: 5,
  sampleMaxSeconds: 60,
  sampleMaxBytes: 10 * 1024 * 1024,
  nameMax: 20,
  tryTextMax: 500,
  transcriptMax: 500,
  /** Voices (any status) one user may keep. */
  maxVoices: 10,
  /** Samples one user may keep. */
  maxSamples: 20,
  pollMs: 2000,
};
export const VOICE_LIMITS = voiceLimits as Readonly<typeof voiceLimits>;

/** The catalogue entry whose price one clone holds. */
export const VOICE_CLONE_MODEL = 'voice-clone';

/** A read-aloud voice id naming a cloned voice: `clone:<id>`. */
export const CLONE_VOICE_PREFIX = 'clone:';
export const cloneVoiceOf = (id: string): string => `${CLONE_VOICE_PREFIX}${id}`;
export const cloneIdOf = (voice: string): string | null => (voice.startsWith(CLONE_VOICE_PREFIX) ? voice.slice(CLONE_VOICE_PREFIX.length) : null);

/**
 * What the user agrees to before cloning, word for word; stored with the voice (text and time).
 * The page shows this text (the international build its translation beside it).
 */
export const VOICE_CONSENT_TEXT = '我确认上传的声音是我本人的声音，或已获得声音主人的明确授权，同意用它生成合成语音；我不会用复刻的声音冒充他人或从事违法活动。';

export type VoiceSampleFormat = 'wav' | 'mp3' | 'm4a';
export type VoiceCloneProvider = 'elevenlabs' | 'cosyvoice' | 'offline';
export type VoiceCloneStatus = 'queued' | 'running' | 'succeeded' | 'failed';

/** An uploaded sample with what was measured of it (every check passed, or it was refused). */
export interface VoiceSample {
  id: string;
  format: VoiceSampleFormat;
  bytes: number;
  durationMs: number;
  /** Mean loudness of the speech parts, dBFS (negative; −20 is a clear recording). */
  loudnessDb: number;
  /** Share of the sample that is silence, 0–1. */
  silenceRatio: number;
  /** Median pitch of the voiced parts, Hz; null when too little was voiced to measure. */
  pitchHz: number | null;
  /** Syllables (energy peaks) per second of speech. */
  syllablesPerSecond: number;
  /** Whether a voice uses it (a used sample is deleted with its voice). */
  inUse: boolean;
  createdAt: string;
}

export interface VoiceClone {
  id: string;
  name: string;
  /** What read-aloud and the settings call it: `clone:<id>`. */
  voice: string;
  sampleId: string | null;
  status: VoiceCloneStatus;
  progress: number;
  /** Why it failed (Chinese), else null. */
  error: string | null;
  provider: VoiceCloneProvider;
  /** The offline demo: eSpeak NG at the sample's pitch and speed, not the sample's timbre. */
  offlineDemo: boolean;
  /** Held while queued or running, charged once succeeded, 0 once refunded (or free). */
  points: number;
  pitchHz: number | null;
  syllablesPerSecond: number;
  durationMs: number;
  consentAt: string;
  createdAt: string;
  finishedAt: string | null;
}

export interface VoiceCloneCapabilities {
  provider: VoiceCloneProvider;
  offlineDemo: boolean;
  /** The reference-audio provider (CosyVoice) needs what the sample says. */
  needsTranscript: boolean;
  /** Listed points of one clone (before the plan's discount); 0 when free (the offline demo). */
  points: number;
  consentText: string;
  limits: typeof VOICE_LIMITS;
}

export interface CloneVoiceRequest {
  name: string;
  sampleId: string;
  consent: boolean;
  /** What the sample says (required by a reference-audio provider). */
  transcript?: string;
}

export interface TryVoiceRequest {
  voiceId: string;
  text: string;
}
