import { makeAutoObservable, runInAction } from 'mobx';
import { ApiError } from '@qiming/sdk';
import { WHITEBOARD_CODES, WHITEBOARD_LIMITS, type WhiteboardScene } from '@qiming/sdk/contracts';
import { t } from '../i18n';
import { isTooLarge } from './scene';

/**
 * saved: nothing unsaved. pending: a change waits for the debounce. saving: a save is on its way.
 * error: the last save failed (retry, or the next change tries again). conflict: the board changed
 * elsewhere since our version; nothing more is saved until the user chooses.
 */
export type SaveStatus = 'saved' | 'pending' | 'saving' | 'error' | 'conflict';

/** Where a board's scene goes: the server (with its version) or this browser. Answers the new version. */
export type PersistScene = (scene: WhiteboardScene, version: number) => Promise<number>;

export interface AutosaveOptions {
  persist: PersistScene;
  /** The version the loaded scene has. */
  version: number;
  /**
   * The loaded scene's fingerprint. Left out, the first change announced is taken as the loaded
   * scene: Excalidraw calls onChange once it has restored the initial data, which may differ from
   * what was stored (defaults filled in, bindings repaired), and opening a board must not save it
   * (that would bump the version and put other tabs in conflict).
   */
  fingerprint?: string;
  delayMs?: number;
}

/**
 * Debounced autosave of one board. Changes are announced with a cheap fingerprint and a function
 * that builds the scene, called only when a save goes out; one save at a time, and changes made
 * while it runs are saved after it, on the version it answered.
 */
export class BoardAutosave {
  status: SaveStatus = 'saved';
  /** Why the last save failed (error, conflict). */
  error: string | null = null;
  version: number;

  private seen: string | null;
  private unsaved: (() => WhiteboardScene) | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private running: Promise<void> | null = null;
  private readonly delayMs: number;

  constructor(private readonly options: AutosaveOptions) {
    this.version = options.version;
    this.seen = options.fingerprint ?? null;
    this.delayMs = options.delayMs ?? WHITEBOARD_LIMITS.autosaveMs;
    makeAutoObservable<this, 'seen' | 'unsaved' | 'timer' | 'running' | 'options'>(this, { seen: false, unsaved: false, timer: false, running: false, options: false });
  }

  /** True while something is not saved yet (the page warns before it is closed). */
  get dirty(): boolean {
    return this.unsaved !== null || this.status === 'saving';
  }

  change(fingerprint: string, build: () => WhiteboardScene): void {
    if (fingerprint === this.seen) return;
    const baseline = this.seen === null;
    this.seen = fingerprint;
    if (baseline) return;
    this.unsaved = build;
    if (this.status === 'conflict') return;
    if (this.status !== 'saving') this.status = 'pending';
    this.schedule();
  }

  /** Saves now what is unsaved (leaving the board, retry). */
  async flush(): Promise<void> {
    this.clearTimer();
    while (this.running) await this.running;
    const build = this.unsaved;
    if (!build || this.status === 'conflict') return;
    this.unsaved = null;
    this.status = 'saving';
    const run = this.saveNow(build);
    this.running = run;
    try {
      await run;
    } finally {
      if (this.running === run) this.running = null;
    }
  }

  retry(): Promise<void> {
    return this.flush();
  }

  dispose(): void {
    this.clearTimer();
  }

  private async saveNow(build: () => WhiteboardScene): Promise<void> {
    const scene = build();
    try {
      if (isTooLarge(scene)) throw new ApiError(WHITEBOARD_CODES.tooLarge, t('whiteboard.tooLarge'));
      const version = await this.options.persist(scene, this.version);
      runInAction(() => {
        this.version = version;
        this.error = null;
        this.status = this.unsaved ? 'pending' : 'saved';
        if (this.unsaved) this.schedule();
      });
    } catch (error) {
      runInAction(() => {
        // What failed is still unsaved, unless a newer change replaced it.
        this.unsaved ??= () => scene;
        const conflict = error instanceof ApiError && error.code === WHITEBOARD_CODES.conflict;
        this.status = conflict ? 'conflict' : 'error';
        this.error = error instanceof Error && error.message ? error.message : t('whiteboard.saveFailedReason');
      });
    }
  }

  private schedule(): void {
    this.clearTimer();
    this.timer = setTimeout(() => void this.flush(), this.delayMs);
  }

  private clearTimer(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}
