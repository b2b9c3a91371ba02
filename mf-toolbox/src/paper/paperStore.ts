import { makeAutoObservable, runInAction } from 'mobx';
import { PAPER_CHECK_LIMITS, PAPER_CHECK_PRICE_MODELS, type PaperCheck, type PaperCheckFunctions, type PaperCheckSummary, type PaperDetector, type PaperDocument } from '@qiming/sdk/contracts';
import type { PaperApi } from './paperApi';

export interface PaperEnvironment {
  signedIn(): boolean;
  /** Asks the host to sign in (auth:required); false when not signed in. */
  requireLogin(): boolean;
  /** A refusal found before any call (type, size): shown as a toast. */
  warn(text: string): void;
  confirm(text: string): boolean;
}

export interface PaperTexts {
  badType: string;
  tooLarge: string;
  empty: string;
  needDocument: string;
  deleteConfirm: string;
}

const extensionOf = (name: string) => (/\.([^.]+)$/.exec(name)?.[1] ?? '').toLowerCase();
const active = (check: PaperCheckSummary | null) => check !== null && (check.status === 'queued' || check.status === 'running');

/** Why a file cannot be sent, checked in the browser before the upload (the server checks again), or null. */
export function fileProblem(file: Pick<File, 'name' | 'size'>, texts: Pick<PaperTexts, 'badType' | 'tooLarge' | 'empty'>): string | null {
  if (!PAPER_CHECK_LIMITS.extensions.includes(extensionOf(file.name))) return texts.badType;
  if (file.size === 0) return texts.empty;
  if (file.size > PAPER_CHECK_LIMITS.maxBytes) return texts.tooLarge;
  return null;
}

/**
 * The paper check page: the uploaded paper, the detector and its price, the open check (polled
 * while it is queued or running) and the history of checks.
 */
export class PaperStore {
  functions: PaperCheckFunctions | null = null;
  quotes: Partial<Record<PaperDetector, number>> = {};
  document: PaperDocument | null = null;
  uploading = false;
  uploadProgress = 0;
  detector: PaperDetector = 'standard';
  check: PaperCheck | null = null;
  history: PaperCheckSummary[] = [];
  busy = false;
  texts: PaperTexts = { badType: '', tooLarge: '', empty: '', needDocument: '', deleteConfirm: '' };

  private pollTimer: ReturnType<typeof setTimeout> | null = null;
  private visible = false;
  private account: string | null | undefined = undefined;

  constructor(
    readonly api: PaperApi,
    private readonly env: PaperEnvironment,
    private readonly pollMs: number = PAPER_CHECK_LIMITS.pollMs,
  ) {
    makeAutoObservable<PaperStore, 'pollTimer' | 'visible' | 'account' | 'env' | 'pollMs'>(this, { api: false, pollTimer: false, visible: false, account: false, env: false, pollMs: false });
  }

  /** What the chosen detector costs: the signed-in user's quote, else the list price. */
  get price(): number | null {
    return this.quotes[this.detector] ?? this.functions?.detectors.find((d) => d.id === this.detector)?.points ?? null;
  }

  get running(): boolean {
    return active(this.check);
  }

  get canStart(): boolean {
    return !this.busy && !this.uploading && this.document !== null;
  }

  /** Another account (or signing out): nothing of the previous one stays. */
  syncAccount(account: string | null): void {
    if (this.account !== undefined && this.account !== account) {
      this.stopPolling();
      this.document = null;
      this.check = null;
      this.history = [];
      this.quotes = {};
    }
    this.account = account;
  }

  async show(): Promise<void> {
    this.visible = true;
    const functions = await this.api.functions().catch(() => null);
    runInAction(() => (this.functions = functions));
    if (this.env.signedIn()) {
      await this.loadHistory();
      const entries = await Promise.all(
        (Object.keys(PAPER_CHECK_PRICE_MODELS) as PaperDetector[]).map(async (id) => [id, (await this.api.quote(PAPER_CHECK_PRICE_MODELS[id]).catch(() => null))?.maxCost] as const),
      );
      runInAction(() => {
        for (const [id, cost] of entries) if (typeof cost === 'number') this.quotes[id] = cost;
      });
    }
    if (this.running) this.schedulePoll(0);
  }

  hide(): void {
    this.visible = false;
    this.stopPolling();
  }

  async loadHistory(): Promise<void> {
    const page = await this.api.list(1, PAPER_CHECK_LIMITS.pageSize).catch(() => null);
    if (page) runInAction(() => (this.history = page.list));
  }

  /** True when signed in; otherwise the host is asked to sign in. */
  requireLogin(): boolean {
    return this.env.requireLogin();
  }

  setDetector(detector: PaperDetector): void {
    this.detector = detector;
  }

  /** A dropped or picked file: login asked first, then type and size checked here, then read by the server. */
  async chooseFile(file: File): Promise<void> {
    if (!this.env.requireLogin()) return;
    const problem = fileProblem(file, this.texts);
    if (problem) {
      this.env.warn(problem);
      return;
    }
    this.uploading = true;
    this.uploadProgress = 0;
    try {
      const document = await this.api.upload(file, (percent) => runInAction(() => (this.uploadProgress = percent)));
      runInAction(() => (this.document = document));
    } catch {
      // The request client showed the server's reason.
    } finally {
      runInAction(() => (this.uploading = false));
    }
  }

  async start(): Promise<void> {
    if (!this.env.requireLogin()) return;
    if (!this.document) {
      this.env.warn(this.texts.needDocument);
      return;
    }
    if (!this.canStart) return;
    this.busy = true;
    try {
      const check = await this.api.start(this.document.id, this.detector);
      runInAction(() => (this.check = check));
      void this.api.refreshPoints().catch(() => undefined);
      void this.loadHistory();
      this.schedulePoll(this.pollMs);
    } catch {
      // shown by the request client
    } finally {
      runInAction(() => (this.busy = false));
    }
  }

  async open(checkId: string): Promise<void> {
    if (!this.env.requireLogin()) return;
    const check = await this.api.read(checkId).catch(() => null);
    if (!check) return;
    runInAction(() => (this.check = check));
    if (this.running) this.schedulePoll(this.pollMs);
  }

  async remove(checkId: string): Promise<boolean> {
    if (!this.env.confirm(this.texts.deleteConfirm)) return false;
    try {
      await this.api.remove(checkId);
    } catch {
      return false;
    }
    runInAction(() => {
      if (this.check?.id === checkId) this.check = null;
      this.history = this.history.filter((c) => c.id !== checkId);
    });
    void this.loadHistory();
    return true;
  }

  private schedulePoll(delay: number): void {
    this.stopPolling();
    if (!this.visible) return;
    this.pollTimer = setTimeout(() => void this.poll(), delay);
  }

  private stopPolling(): void {
    if (this.pollTimer) clearTimeout(this.pollTimer);
    this.pollTimer = null;
  }

  private async poll(): Promise<void> {
    this.pollTimer = null;
    const current = this.check;
    if (!current || !active(current)) return;
    const fresh = await this.api.read(current.id).catch(() => null);
    if (this.check?.id !== current.id) return;
    if (fresh) runInAction(() => (this.check = fresh));
    if (active(this.check)) {
      this.schedulePoll(this.pollMs);
      return;
    }
    void this.loadHistory();
    // A failure refunded the hold; a success may have charged less (a member's discount).
    void this.api.refreshPoints().catch(() => undefined);
  }
}
