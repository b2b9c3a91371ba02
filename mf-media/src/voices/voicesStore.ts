import { makeAutoObservable, runInAction } from 'mobx';
import { VOICE_LIMITS, type VoiceClone, type VoiceCloneCapabilities, type VoiceSample } from '@qiming/sdk/contracts';
import type { VoicesApi } from '../api/voicesApi';

export interface VoicesEnvironment {
  signedIn(): boolean;
  /** True when signed in; otherwise asks the host to log in and answers false. */
  requireLogin(): boolean;
  /** The read-aloud voice of the settings, and setting it. */
  readAloudVoice(): string;
  useForReadAloud(voice: string): Promise<void>;
  /** Re-reads the settings (a deleted voice's setting went back to the default on the server). */
  reloadSettings(): Promise<void>;
}

/** Why a sample was refused before or after upload: an i18n key (the server's own message wins when there is one). */
export type SampleErrorKey = 'voices.error.type' | 'voices.error.size' | 'voices.error.server' | 'voices.record.denied' | 'voices.record.unsupported' | 'voices.record.tooShort' | 'voices.record.failed';

/** Why 开始复刻 is disabled: an i18n key under voices.blocked. */
export type CloneBlocker = 'noSample' | 'noName' | 'nameTooLong' | 'noTranscript' | 'noConsent' | 'busy';

const ACCEPTED_EXTENSIONS = /\.(wav|mp3|m4a)$/i;
const ACCEPTED_TYPES = new Set(['audio/wav', 'audio/x-wav', 'audio/wave', 'audio/vnd.wave', 'audio/mpeg', 'audio/mp3', 'audio/mp4', 'audio/x-m4a', 'audio/m4a', 'audio/aac']);
const chars = (text: string) => [...text].length;

interface TryState {
  text: string;
  busy: boolean;
  url: string | null;
  blob: Blob | null;
}

/**
 * The /soundClone page's state: what the server offers, the user's samples and voices, the upload,
 * the clone form, trying voices. Clones are polled while queued or running.
 */
export class VoicesStore {
  caps: VoiceCloneCapabilities | null = null;
  loadFailed = false;
  samples: VoiceSample[] = [];
  voices: VoiceClone[] = [];
  selectedSampleId: string | null = null;
  name = '';
  transcript = '';
  consent = false;
  /** Upload progress 0–100 while a sample goes up. */
  uploading: number | null = null;
  /** The last refusal of a sample before or after upload (i18n key or the server's message). */
  sampleError: { key: SampleErrorKey; message?: string } | null = null;
  submitting = false;
  tries: Record<string, TryState> = {};
  private poller: ReturnType<typeof setInterval> | null = null;
  private polling = false;

  constructor(
    private readonly api: VoicesApi,
    private readonly env: VoicesEnvironment,
    private readonly pollMs: number = VOICE_LIMITS.pollMs,
  ) {
    makeAutoObservable<this, 'api' | 'env' | 'poller' | 'polling' | 'pollMs'>(this, { api: false, env: false, poller: false, polling: false, pollMs: false });
  }

  get selectedSample(): VoiceSample | null {
    return this.samples.find((sample) => sample.id === this.selectedSampleId) ?? null;
  }

  get cloneBlocker(): CloneBlocker | null {
    if (this.submitting) return 'busy';
    if (!this.selectedSample) return 'noSample';
    if (!this.name.trim()) return 'noName';
    if (chars(this.name.trim()) > VOICE_LIMITS.nameMax) return 'nameTooLong';
    if (this.caps?.needsTranscript && !this.transcript.trim()) return 'noTranscript';
    if (!this.consent) return 'noConsent';
    return null;
  }

  get hasActive(): boolean {
    return this.voices.some((voice) => voice.status === 'queued' || voice.status === 'running');
  }

  async load(): Promise<void> {
    try {
      const caps = await this.api.capabilities();
      runInAction(() => {
        this.caps = caps;
        this.loadFailed = false;
      });
    } catch {
      runInAction(() => void (this.loadFailed = true));
      return;
    }
    await this.loadMine();
  }

  /** The signed-in user's samples and voices (nothing when signed out). */
  async loadMine(): Promise<void> {
    if (!this.env.signedIn()) {
      runInAction(() => {
        this.samples = [];
        this.voices = [];
        this.selectedSampleId = null;
      });
      return;
    }
    const [samples, voices] = await Promise.all([this.api.samples().catch(() => null), this.api.voices().catch(() => null)]);
    runInAction(() => {
      if (samples) {
        this.samples = samples;
        if (!this.selectedSample) this.selectedSampleId = samples.find((sample) => !sample.inUse)?.id ?? null;
      }
      if (voices) this.voices = voices;
    });
    this.pollIfActive();
  }

  setName(value: string): void {
    this.name = value;
  }

  setTranscript(value: string): void {
    this.transcript = value;
  }

  setConsent(value: boolean): void {
    this.consent = value;
  }

  selectSample(id: string): void {
    this.selectedSampleId = id;
  }

  /** Checks what the browser can (type by name or MIME, size) before anything is sent; the server checks the rest. */
  async uploadFile(file: File): Promise<void> {
    if (!this.env.requireLogin()) return;
    if (!ACCEPTED_EXTENSIONS.test(file.name) && !ACCEPTED_TYPES.has(file.type)) return this.refuse('voices.error.type');
    if (file.size > VOICE_LIMITS.sampleMaxBytes) return this.refuse('voices.error.size');
    await this.upload(file, file.name);
  }

  /** A recording, already written as WAV by the page. */
  async uploadRecording(wav: Blob): Promise<void> {
    if (!this.env.requireLogin()) return;
    if (wav.size > VOICE_LIMITS.sampleMaxBytes) return this.refuse('voices.error.size');
    await this.upload(wav, 'recording.wav');
  }

  refuse(key: SampleErrorKey, message?: string): void {
    this.sampleError = { key, message };
  }

  clearSampleError(): void {
    this.sampleError = null;
  }

  private async upload(file: Blob, name: string): Promise<void> {
    this.sampleError = null;
    this.uploading = 0;
    try {
      const sample = await this.api.upload(file, name, (percent) => runInAction(() => void (this.uploading = percent)));
      runInAction(() => {
        this.samples = [sample, ...this.samples];
        this.selectedSampleId = sample.id;
      });
    } catch (error) {
      runInAction(() => void (this.sampleError = { key: 'voices.error.server', message: error instanceof Error ? error.message : undefined }));
    } finally {
      runInAction(() => void (this.uploading = null));
    }
  }

  async deleteSample(id: string): Promise<void> {
    await this.api.deleteSample(id);
    runInAction(() => {
      this.samples = this.samples.filter((sample) => sample.id !== id);
      if (this.selectedSampleId === id) this.selectedSampleId = null;
    });
  }

  async clone(): Promise<VoiceClone | null> {
    if (!this.env.requireLogin() || this.cloneBlocker) return null;
    this.submitting = true;
    try {
      const voice = await this.api.clone({ name: this.name.trim(), sampleId: this.selectedSampleId!, consent: this.consent, transcript: this.transcript.trim() });
      runInAction(() => {
        this.voices = [voice, ...this.voices];
        this.samples = this.samples.map((sample) => (sample.id === voice.sampleId ? { ...sample, inUse: true } : sample));
        this.selectedSampleId = null;
        this.name = '';
        this.transcript = '';
        this.consent = false;
      });
      void this.api.refreshPoints().catch(() => undefined);
      this.pollIfActive();
      return voice;
    } catch {
      // the request client showed why (602 opens the points dialog)
      return null;
    } finally {
      runInAction(() => void (this.submitting = false));
    }
  }

  /** Polls the queued and running clones, one round at a time, until none is left. */
  pollIfActive(): void {
    if (this.poller || !this.hasActive) return;
    this.poller = setInterval(() => void this.pollOnce(), this.pollMs);
  }

  async pollOnce(): Promise<void> {
    if (this.polling) return;
    this.polling = true;
    try {
      const active = this.voices.filter((voice) => voice.status === 'queued' || voice.status === 'running');
      const fresh = await Promise.all(active.map((voice) => this.api.voice(voice.id).catch(() => voice)));
      let ended = false;
      runInAction(() => {
        this.voices = this.voices.map((voice) => {
          const next = fresh.find((candidate) => candidate.id === voice.id);
          if (next && next.status !== voice.status && (next.status === 'succeeded' || next.status === 'failed')) ended = true;
          return next ?? voice;
        });
      });
      if (ended) void this.api.refreshPoints().catch(() => undefined);
    } finally {
      this.polling = false;
      if (!this.hasActive) this.stopPolling();
    }
  }

  stopPolling(): void {
    if (this.poller) clearInterval(this.poller);
    this.poller = null;
  }

  tryState(id: string): TryState {
    return this.tries[id] ?? { text: '', busy: false, url: null, blob: null };
  }

  setTryText(id: string, text: string): void {
    this.tries[id] = { ...this.tryState(id), text };
  }

  get tryLimit(): number {
    return VOICE_LIMITS.tryTextMax;
  }

  async tryVoice(id: string, fallbackText: string): Promise<void> {
    if (!this.env.requireLogin()) return;
    const state = this.tryState(id);
    const text = state.text.trim() || fallbackText;
    if (chars(text) > VOICE_LIMITS.tryTextMax) return;
    this.tries[id] = { ...state, busy: true };
    try {
      const blob = await this.api.tryVoice(id, text);
      runInAction(() => {
        const previous = this.tryState(id).url;
        if (previous) URL.revokeObjectURL(previous);
        this.tries[id] = { ...this.tryState(id), busy: false, blob, url: URL.createObjectURL(blob) };
      });
    } catch {
      runInAction(() => void (this.tries[id] = { ...this.tryState(id), busy: false }));
    }
  }

  isReadAloud(voice: VoiceClone): boolean {
    return this.env.readAloudVoice() === voice.voice;
  }

  async useForReadAloud(voice: VoiceClone): Promise<boolean> {
    if (!this.env.requireLogin()) return false;
    try {
      await this.env.useForReadAloud(voice.voice);
      return true;
    } catch {
      return false;
    }
  }

  async deleteVoice(id: string): Promise<void> {
    const voice = this.voices.find((candidate) => candidate.id === id);
    await this.api.deleteVoice(id);
    const url = this.tryState(id).url;
    if (url) URL.revokeObjectURL(url);
    runInAction(() => {
      this.voices = this.voices.filter((candidate) => candidate.id !== id);
      delete this.tries[id];
    });
    // Its sample went too (unless another voice uses it), and a read-aloud setting naming it was reset.
    const samples = await this.api.samples().catch(() => null);
    if (samples) runInAction(() => void (this.samples = samples));
    if (voice && this.env.readAloudVoice() === voice.voice) await this.env.reloadSettings().catch(() => undefined);
  }

  dispose(): void {
    this.stopPolling();
    for (const state of Object.values(this.tries)) if (state.url) URL.revokeObjectURL(state.url);
  }
}
