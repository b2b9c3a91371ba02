import { makeAutoObservable, runInAction } from 'mobx';
import type { ApiEnvelope } from '@qiming/contracts';
import { CHAT_LIMITS } from '@qiming/contracts';
import { STORAGE_KEYS, type KeyValueStorage } from './storageKeys';

export interface SpeechSettings {
  speechModel: string;
  voice: string;
  speed: number;
}

export interface GptConfig {
  /** Memory rounds sent with each message, 1–8. */
  recentChatLen: number;
  /** false copies all text, true copies tables only. */
  useCopyTable: boolean;
}

export const DEFAULT_SPEECH: SpeechSettings = { speechModel: 'tts-1', voice: 'onyx', speed: 1 };
/** The spec gives the range (1–8) but no default; 4 keeps context without large token costs. */
export const DEFAULT_GPT_CONFIG: GptConfig = { recentChatLen: 4, useCopyTable: false };

export interface SettingsApi {
  load(): Promise<ApiEnvelope<Partial<SpeechSettings>> | null>;
  save(settings: SpeechSettings): Promise<unknown>;
}

const clampRounds = (n: number) => Math.min(CHAT_LIMITS.recentChatLenMax, Math.max(1, Math.round(Number.isFinite(n) ? n : DEFAULT_GPT_CONFIG.recentChatLen)));

/** Speech settings (on the server) and chat settings (this browser). */
export class SettingsStore {
  speech: SpeechSettings = { ...DEFAULT_SPEECH };
  gptConfig: GptConfig;

  constructor(
    private readonly api: SettingsApi,
    private readonly storage: KeyValueStorage,
  ) {
    this.gptConfig = this.readGptConfig();
    makeAutoObservable<this, 'api' | 'storage'>(this, { api: false, storage: false });
  }

  async load(): Promise<void> {
    const answer = await this.api.load();
    runInAction(() => {
      if (answer?.data) this.speech = { ...DEFAULT_SPEECH, ...answer.data };
    });
  }

  async saveSpeech(change: Partial<SpeechSettings>): Promise<void> {
    const next = { ...this.speech, ...change };
    await this.api.save(next);
    runInAction(() => {
      this.speech = next;
    });
  }

  setGptConfig(change: Partial<GptConfig>): void {
    this.gptConfig = {
      recentChatLen: clampRounds(change.recentChatLen ?? this.gptConfig.recentChatLen),
      useCopyTable: change.useCopyTable ?? this.gptConfig.useCopyTable,
    };
    this.storage.setItem(STORAGE_KEYS.gptConfig, JSON.stringify(this.gptConfig));
  }

  private readGptConfig(): GptConfig {
    try {
      const stored = JSON.parse(this.storage.getItem(STORAGE_KEYS.gptConfig) ?? 'null') as Partial<GptConfig> | null;
      return { recentChatLen: clampRounds(stored?.recentChatLen ?? DEFAULT_GPT_CONFIG.recentChatLen), useCopyTable: stored?.useCopyTable === true };
    } catch {
      return { ...DEFAULT_GPT_CONFIG };
    }
  }
}
