import { tableQueue } from '../../tasks/taskQueue.js';
import { TaskFailure, TaskWorker, untilAborted, type RunHooks, type TaskWorkerOptions } from '../../tasks/taskRunner.js';
import type { BlobStore } from '../../storage/blobStore.js';
import type { PointsService } from '../points/index.js';
import { decodeAudio, encodeWav, MIME_OF, resample } from './audio/decode.js';
import { VOICE_MESSAGES } from './codes.js';
import { VoiceProviderError, type VoiceProvider } from './providers/provider.js';
import type { VoiceRow, VoicesRepository } from './repository.js';
import { holdIdOf, storedVoiceOf } from './service.js';

export interface CloneWorkerOptions extends TaskWorkerOptions<VoiceRow> {
  repo: VoicesRepository;
  store: BlobStore;
  providers: { all: VoiceProvider[] };
  points: Pick<PointsService, 'settle' | 'refund'>;
}

/** Reference clips for providers are 16 kHz mono (what CosyVoice resamples its prompt to anyway). */
const REFERENCE_RATE = 16_000;

/**
 * Runs voice clones on this instance through the shared task runner (src/tasks/): reads the sample,
 * makes its 16 kHz reference clip, has the voice's provider clone it, records the voice and charges
 * the hold — or lets the runner refund and mark it failed.
 */
export class CloneWorker extends TaskWorker<VoiceRow> {
  constructor(private readonly options: CloneWorkerOptions) {
    super(options, { name: 'voice clone', queue: tableQueue<VoiceRow>(options.repo.db, 'voices', { onFail: { points: 0 } }), messages: VOICE_MESSAGES });
  }

  async run(task: VoiceRow, { signal, onProgress }: RunHooks): Promise<void> {
    const provider = this.options.providers.all.find((candidate) => candidate.kind === task.provider);
    if (!provider) throw new TaskFailure('该复刻服务已不再配置，积分已退回');
    const sample = task.sample_id ? await this.options.repo.sample(task.sample_id) : undefined;
    const data = sample ? await this.options.store.read(sample.storage_key) : null;
    if (!sample || !data) throw new TaskFailure(VOICE_MESSAGES.sampleGone);
    onProgress(10);
    const pcm = await decodeAudio(data, sample.format);
    const reference = encodeWav(resample(pcm, REFERENCE_RATE), REFERENCE_RATE);
    onProgress(30);
    const cloned = await untilAborted(
      provider.clone({
        name: task.name,
        sample: { data, format: sample.format, mime: MIME_OF[sample.format] },
        reference,
        transcript: task.transcript,
        facts: { pitchHz: task.pitch_hz === null ? null : Number(task.pitch_hz), syllablesPerSecond: Number(task.syllables_per_second) },
        signal,
      }),
      signal,
    );
    let referenceKey: string | null = null;
    let finished = false;
    try {
      if (cloned.keepsReference) {
        referenceKey = `voice-references/${task.user_id}/${task.id}.wav`;
        await this.options.store.put(referenceKey, reference, { contentType: 'audio/wav' });
      }
      finished = await this.options.repo.finishSucceeded(task.id, this.options.instanceId, { providerVoiceId: cloned.providerVoiceId, providerState: cloned.state, referenceKey }, this.iso());
    } finally {
      // Recovered meanwhile (this instance looked dead), stopped, or not stored: nothing of it may stay.
      if (!finished) await this.discard(task, provider, cloned.providerVoiceId, referenceKey);
    }
    if (!finished) return;
    if (provider.offline) return;
    const { charged } = await this.options.points.settle(holdIdOf(task.id), { requests: 1 });
    await this.options.repo.setCharged(task.id, charged);
  }

  /** Gives the clone's hold back (the offline demo holds nothing); idempotent. */
  async refund(task: VoiceRow): Promise<void> {
    if (task.provider === 'offline') return;
    await this.options.points.refund(holdIdOf(task.id));
  }

  private async discard(task: VoiceRow, provider: VoiceProvider, providerVoiceId: string | null, referenceKey: string | null): Promise<void> {
    if (referenceKey) await this.options.store.delete(referenceKey).catch(() => undefined);
    const stored = storedVoiceOf({ ...task, provider_voice_id: providerVoiceId, provider_state: null, reference_key: null }, this.options.store);
    await provider.remove(stored).catch((error: Error) => this.options.log.warn({ err: error, voiceId: task.id }, 'removing an orphaned provider voice failed'));
  }

  messageOf(error: unknown): string | null {
    return error instanceof VoiceProviderError ? error.message : null;
  }

  private iso(): string {
    return this.options.now().toISOString();
  }
}
