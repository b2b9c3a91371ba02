import { randomUUID } from 'node:crypto';
import {
  cloneVoiceOf,
  VOICE_CLONE_MODEL,
  VOICE_CONSENT_TEXT,
  VOICE_LIMITS,
  type VoiceClone,
  type VoiceCloneCapabilities,
  type VoiceSample,
} from '@qiming/contracts';
import type { Clock } from '../../clock.js';
import type { Log } from '../../log.js';
import type { BlobStore, StoredObject } from '../../storage/blobStore.js';
import type { CatalogueEntry } from '../catalogue/index.js';
import type { PointsService } from '../points/index.js';
import type { ClonedVoiceSpeaker } from '../speech/synthesizer.js';
import { MIME_OF } from './audio/decode.js';
import {
  badSample,
  consentMissing,
  sampleInUse,
  sampleNotFound,
  synthesisFailed,
  tooManyVoices,
  transcriptMissing,
  voiceNotFound,
  voiceNotReady,
  VOICE_MESSAGES,
} from './codes.js';
import { VoiceProviderError, type StoredVoice, type VoiceProvider } from './providers/provider.js';
import type { SampleRow, VoiceRow, VoicesRepository } from './repository.js';
import { checkSample } from './sampleCheck.js';
import { AppError } from '../../http/envelope.js';

export const holdIdOf = (voiceId: string) => `voice:${voiceId}`;

export interface VoicesServiceDeps {
  repo: VoicesRepository;
  /** The configured provider (new clones), and every provider a stored voice may name. */
  providers: { current: VoiceProvider; all: VoiceProvider[] };
  points: Pick<PointsService, 'hold' | 'refund'>;
  catalogue: { find(id: string): CatalogueEntry | undefined };
  store: BlobStore;
  /** A deleted voice stops being anyone's read-aloud voice. */
  settings: { forgetVoice(userId: string, voice: string): Promise<void> };
  now: Clock;
  /** Wakes this instance's clone worker (a clone was queued). */
  wake(): void;
  log: Log;
}

export interface CloneDraft {
  name: string;
  sampleId: string;
  consent: boolean;
  transcript: string;
}

const sampleView = (row: SampleRow, inUse: boolean): VoiceSample => ({
  id: row.id,
  format: row.format,
  bytes: Number(row.bytes),
  durationMs: Number(row.duration_ms),
  loudnessDb: Number(row.loudness_db),
  silenceRatio: Number(row.silence_ratio),
  pitchHz: row.pitch_hz === null ? null : Number(row.pitch_hz),
  syllablesPerSecond: Number(row.syllables_per_second),
  inUse,
  createdAt: row.created_at,
});

export const voiceView = (row: VoiceRow): VoiceClone => ({
  id: row.id,
  name: row.name,
  voice: cloneVoiceOf(row.id),
  sampleId: row.sample_id,
  status: row.status,
  progress: Number(row.progress),
  error: row.error,
  provider: row.provider,
  offlineDemo: Number(row.offline_demo) === 1,
  points: Number(row.points),
  pitchHz: row.pitch_hz === null ? null : Number(row.pitch_hz),
  syllablesPerSecond: Number(row.syllables_per_second),
  durationMs: Number(row.duration_ms),
  consentAt: row.consent_at,
  createdAt: row.created_at,
  finishedAt: row.finished_at,
});

/** A stored voice as its provider sees it. */
export function storedVoiceOf(row: VoiceRow, store: BlobStore): StoredVoice {
  return {
    id: row.id,
    providerVoiceId: row.provider_voice_id,
    state: row.provider_state === null ? null : (JSON.parse(row.provider_state) as unknown),
    transcript: row.transcript,
    async reference() {
      const data = row.reference_key ? await store.read(row.reference_key) : null;
      if (!data) throw new VoiceProviderError('音色的参考音频已丢失，请删除后重新复刻');
      return data;
    },
  };
}

/**
 * Voice cloning's rules: samples (checked, measured, stored), clones (consent, limits, the points
 * hold, the queued task), speaking with a voice (its owner only), deleting (files and the provider's
 * copy go). Running clones is the worker's.
 */
export class VoicesService {
  constructor(private readonly deps: VoicesServiceDeps) {}

  /** The listed price of a clone; the offline demo clones nothing and is free. */
  private listedPoints(): number {
    if (this.deps.providers.current.offline) return 0;
    const entry = this.deps.catalogue.find(VOICE_CLONE_MODEL);
    return entry?.price.kind === 'perRequest' ? entry.price.points : 0;
  }

  capabilities(): VoiceCloneCapabilities {
    const { current } = this.deps.providers;
    return { provider: current.kind, offlineDemo: current.offline, needsTranscript: current.needsTranscript, points: this.listedPoints(), consentText: VOICE_CONSENT_TEXT, limits: VOICE_LIMITS };
  }

  // Samples.

  async upload(userId: string, data: Buffer): Promise<VoiceSample> {
    const { format, facts } = await checkSample(data);
    const id = randomUUID();
    const key = `voice-samples/${userId}/${id}.${format}`;
    await this.deps.store.put(key, data, { contentType: MIME_OF[format] });
    const row: SampleRow = {
      id,
      user_id: userId,
      storage_key: key,
      format,
      bytes: data.length,
      duration_ms: facts.durationMs,
      loudness_db: facts.loudnessDb,
      silence_ratio: facts.silenceRatio,
      pitch_hz: facts.pitchHz,
      syllables_per_second: facts.syllablesPerSecond,
      created_at: this.deps.now().toISOString(),
    };
    let inserted = false;
    try {
      inserted = await this.deps.repo.insertSample(row, VOICE_LIMITS.maxSamples);
    } finally {
      if (!inserted) await this.removeBlob(key);
    }
    if (!inserted) throw badSample(VOICE_MESSAGES.tooManySamples);
    return sampleView(row, false);
  }

  async samples(userId: string): Promise<VoiceSample[]> {
    const rows = await this.deps.repo.samplesOf(userId);
    const used = await this.deps.repo.samplesInUse(rows.map((row) => row.id));
    return rows.map((row) => sampleView(row, used.has(row.id)));
  }

  private async ownSample(userId: string, id: string): Promise<SampleRow> {
    const row = await this.deps.repo.sample(id);
    if (!row || row.user_id !== userId) throw sampleNotFound();
    return row;
  }

  async sampleAudio(userId: string, id: string): Promise<StoredObject> {
    const row = await this.ownSample(userId, id);
    const object = await this.deps.store.get(row.storage_key);
    if (!object) throw sampleNotFound();
    return object;
  }

  async deleteSample(userId: string, id: string): Promise<null> {
    const outcome = await this.deps.repo.deleteUnusedSample(userId, id);
    if (outcome === null) throw sampleNotFound();
    if (outcome === 'inUse') throw sampleInUse();
    await this.removeBlob(outcome);
    return null;
  }

  // Cloning.

  /** Queues a clone: consent, the caller's sample, the provider's needs, the voice limit, then the points hold and the row. */
  async clone(userId: string, draft: CloneDraft): Promise<VoiceClone> {
    if (!draft.consent) throw consentMissing();
    const sample = await this.ownSample(userId, draft.sampleId);
    const provider = this.deps.providers.current;
    const transcript = provider.needsTranscript ? draft.transcript : '';
    if (provider.needsTranscript && !transcript) throw transcriptMissing();
    const id = randomUUID();
    const at = this.deps.now().toISOString();
    let held = 0;
    if (!provider.offline) held = (await this.deps.points.hold(userId, holdIdOf(id), VOICE_CLONE_MODEL, { purpose: 'media' })).held;
    let inserted = false;
    try {
      inserted = await this.deps.repo.insertVoice(
        {
          id,
          user_id: userId,
          name: draft.name,
          sample_id: sample.id,
          provider: provider.kind,
          transcript,
          offline_demo: provider.offline ? 1 : 0,
          duration_ms: sample.duration_ms,
          pitch_hz: sample.pitch_hz,
          syllables_per_second: sample.syllables_per_second,
          consent_text: VOICE_CONSENT_TEXT,
          consent_at: at,
          points: held,
          created_at: at,
        },
        VOICE_LIMITS.maxVoices,
      );
    } finally {
      if (!inserted && held > 0) await this.deps.points.refund(holdIdOf(id)).catch((error: Error) => this.deps.log.warn({ err: error, voiceId: id }, 'releasing a voice clone hold failed'));
    }
    if (!inserted) throw tooManyVoices();
    this.deps.wake();
    return this.voice(userId, id);
  }

  private async ownVoice(userId: string, id: string): Promise<VoiceRow> {
    const row = await this.deps.repo.voice(id);
    if (!row || row.user_id !== userId) throw voiceNotFound();
    return row;
  }

  async voice(userId: string, id: string): Promise<VoiceClone> {
    return voiceView(await this.ownVoice(userId, id));
  }

  async voices(userId: string): Promise<VoiceClone[]> {
    return (await this.deps.repo.voicesOf(userId)).map(voiceView);
  }

  // Speaking.

  /** MP3 of plain text in the caller's finished voice, through the provider that made it. */
  async speak(request: { owner: string; voiceId: string; text: string; speed: number; ticket?: string | undefined }): Promise<Buffer> {
    const row = await this.ownVoice(request.owner, request.voiceId);
    if (row.status === 'failed') throw voiceNotReady(VOICE_MESSAGES.voiceFailed);
    if (row.status !== 'succeeded') throw voiceNotReady();
    const provider = this.providerOf(row);
    try {
      return await provider.speak({ voice: storedVoiceOf(row, this.deps.store), text: request.text, speed: request.speed, owner: request.owner, ticket: request.ticket });
    } catch (error) {
      if (error instanceof VoiceProviderError) throw synthesisFailed(error.message);
      throw error;
    }
  }

  /** What read-aloud (generateSpeech with `clone:<id>`) speaks through. */
  readonly speaker: ClonedVoiceSpeaker = { speak: (request) => this.speak(request) };

  private providerOf(row: VoiceRow): VoiceProvider {
    const provider = this.deps.providers.all.find((candidate) => candidate.kind === row.provider);
    if (!provider) throw voiceNotReady('该音色的复刻服务已不再配置，无法使用，请重新复刻');
    return provider;
  }

  // Deleting.

  /**
   * Deletes the caller's finished voice: the provider's copy first (if that fails nothing is deleted,
   * so the user can try again), then the row, its sample when no other voice uses it, and their files;
   * a read-aloud setting naming it goes back to the default voice.
   */
  async deleteVoice(userId: string, id: string): Promise<null> {
    const row = await this.ownVoice(userId, id);
    if (row.status === 'queued' || row.status === 'running') throw new AppError(400, VOICE_MESSAGES.voiceRunning);
    if (row.status === 'succeeded') {
      const provider = this.deps.providers.all.find((candidate) => candidate.kind === row.provider);
      try {
        await provider?.remove(storedVoiceOf(row, this.deps.store));
      } catch (error) {
        if (error instanceof VoiceProviderError) throw new AppError(400, `删除失败：${error.message}`);
        throw error;
      }
    }
    const deleted = await this.deps.repo.deleteFinished(userId, id);
    if (!deleted) throw voiceNotFound();
    if (deleted.voice.reference_key) await this.removeBlob(deleted.voice.reference_key);
    if (deleted.sample) await this.removeBlob(deleted.sample.storage_key);
    await this.deps.settings.forgetVoice(userId, cloneVoiceOf(id));
    return null;
  }

  private async removeBlob(key: string): Promise<void> {
    await this.deps.store.delete(key).catch((error: Error) => this.deps.log.warn({ err: error, key }, 'removing a voice file failed'));
  }
}
