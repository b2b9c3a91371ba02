import { makeAutoObservable, runInAction } from 'mobx';
import { VIDEO_LIMITS, type PriceQuote, type ReferenceImage, type VideoAspect, type VideoKind, type VideoModel, type VideoModels, type VideoTask } from '@qiming/sdk/contracts';
import type { VideoApi } from '../api/videoApi';
import { checkFirstFrameFile, problemOf, type Problem } from './rules';

export const isActive = (task: Pick<VideoTask, 'status'>) => task.status === 'queued' || task.status === 'running';

export interface VideoStoreOptions {
  pollMs?: number;
  signedIn(): boolean;
  /** True when signed in; otherwise asks the host for its login confirm. */
  requireLogin(): boolean;
  /** Who is signed in (null: nobody): a switch drops the last one's tasks. */
  account(): string | null;
}

/**
 * The video page's form and task list. One instance lives at module level (videoContext), so
 * leaving the page and coming back finds the form as it was; the list is re-read on return.
 */
export class VideoStore {
  catalog: VideoModels | null = null;
  catalogFailed = false;

  modelId = '';
  private requestedModelId: string | null = null;
  kind: VideoKind = 'text2video';
  prompt = '';
  duration = 0;
  aspect: VideoAspect = '16:9';
  /** The uploaded first frame, or the file being uploaded (its local preview). */
  firstFrame: ReferenceImage | null = null;
  uploadingName: string | null = null;
  firstFrameNotice: Problem | null = null;
  quote: PriceQuote | null = null;
  submitting = false;

  tasks: VideoTask[] = [];
  total = 0;
  pageNo = 0;
  loadingTasks = false;
  tasksLoaded = false;

  shown = false;
  visible = true;

  private accountSeen: string | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private polling = false;
  private readonly pollMs: number;

  constructor(
    private readonly api: VideoApi,
    private readonly options: VideoStoreOptions,
  ) {
    this.pollMs = options.pollMs ?? VIDEO_LIMITS.pollMs;
    makeAutoObservable<this, 'api' | 'options' | 'timer' | 'polling' | 'pollMs' | 'accountSeen'>(this, { api: false, options: false, timer: false, polling: false, pollMs: false, accountSeen: false });
  }

  // ---- the form ----------------------------------------------------------------------------

  get models(): VideoModel[] {
    return this.catalog?.models ?? [];
  }

  get model(): VideoModel | null {
    return this.models.find((model) => model.id === this.modelId) ?? null;
  }

  /** 文生视频 / 图生视频, as far as the model offers them. */
  get kinds(): VideoKind[] {
    return this.model?.kinds ?? ['text2video'];
  }

  get durations(): number[] {
    return this.model?.durations ?? [];
  }

  get aspects(): VideoAspect[] {
    return this.model?.aspects ?? [];
  }

  get problem(): Problem | null {
    return problemOf({ modelId: this.model ? this.modelId : '', kind: this.kind, prompt: this.prompt, firstFrame: this.uploadingName ? 'uploading' : (this.firstFrame?.id ?? 'none') });
  }

  /** The caller's price for this model after the plan's discount; null until quoted. */
  get cost(): number | null {
    return this.quote && this.quote.model === this.modelId ? this.quote.maxCost : null;
  }

  /** `?model=` of the page (the chat's model picker and the model square lead here with it): chosen once the models are known, when offered. */
  requestModel(id: string): void {
    if (this.models.some((model) => model.id === id)) this.setModel(id);
    else this.requestedModelId = id;
  }

  setModel(id: string): void {
    this.modelId = id;
    this.clampToModel();
    void this.loadQuote();
  }

  setKind(kind: VideoKind): void {
    if (this.kinds.includes(kind)) this.kind = kind;
  }

  setPrompt(prompt: string): void {
    this.prompt = prompt;
  }

  setDuration(seconds: number): void {
    if (this.durations.includes(seconds)) this.duration = seconds;
  }

  setAspect(aspect: VideoAspect): void {
    if (this.aspects.includes(aspect)) this.aspect = aspect;
  }

  /** Only the model's own choices: a duration or aspect it does not offer falls back to its first. */
  private clampToModel(): void {
    if (!this.kinds.includes(this.kind)) this.kind = this.kinds[0] ?? 'text2video';
    if (!this.durations.includes(this.duration)) this.duration = this.durations[0] ?? 0;
    if (!this.aspects.includes(this.aspect)) this.aspect = this.aspects[0] ?? '16:9';
  }

  async loadModels(): Promise<void> {
    if (this.catalog) return;
    try {
      const catalog = await this.api.models();
      runInAction(() => {
        this.catalog = catalog;
        this.catalogFailed = false;
        const requested = catalog.models.find((model) => model.id === this.requestedModelId);
        this.requestedModelId = null;
        const first = catalog.models.find((model) => !model.membersOnly) ?? catalog.models[0];
        if (requested) this.setModel(requested.id);
        else if (!this.model && first) this.setModel(first.id);
      });
    } catch {
      runInAction(() => (this.catalogFailed = true));
    }
  }

  async loadQuote(): Promise<void> {
    const model = this.modelId;
    if (!model || !this.options.signedIn()) return;
    try {
      const quote = await this.api.quote(model);
      runInAction(() => {
        if (this.modelId === model) this.quote = quote;
      });
    } catch {
      // the listed price stays on screen
    }
  }

  // ---- the first frame ----------------------------------------------------------------------

  async pickFirstFrame(file: File): Promise<void> {
    this.firstFrameNotice = null;
    if (!this.options.requireLogin()) return;
    const refused = checkFirstFrameFile(file);
    if (refused) {
      this.firstFrameNotice = refused;
      return;
    }
    this.uploadingName = file.name;
    try {
      const image = await this.api.uploadFirstFrame(file);
      runInAction(() => (this.firstFrame = image));
    } catch {
      // the request client has shown the server's reason
    } finally {
      runInAction(() => (this.uploadingName = null));
    }
  }

  clearFirstFrame(): void {
    this.firstFrame = null;
    this.firstFrameNotice = null;
  }

  // ---- submitting ----------------------------------------------------------------------------

  async submit(): Promise<void> {
    const model = this.model;
    if (this.problem || this.submitting || !model) return;
    if (!this.options.requireLogin()) return;
    this.submitting = true;
    try {
      const task = await this.api.create(model.api, {
        model: model.id,
        kind: this.kind,
        prompt: this.prompt.trim(),
        duration: this.duration,
        aspect: this.aspect,
        ...(this.kind === 'image2video' && this.firstFrame ? { firstFrame: this.firstFrame.id } : {}),
      });
      runInAction(() => this.upsert(task));
      void this.api.refreshPoints();
      this.schedule();
    } catch {
      // the request client has shown why (602 opens the points dialog through the SDK)
    } finally {
      runInAction(() => (this.submitting = false));
    }
  }

  // ---- tasks ---------------------------------------------------------------------------------

  get activeTasks(): VideoTask[] {
    return this.tasks.filter(isActive);
  }

  get hasMore(): boolean {
    return this.tasks.length < this.total;
  }

  /** Page 1 afresh (later pages kept), or the next page. */
  async loadTasks(more = false): Promise<void> {
    if (!this.options.signedIn() || this.loadingTasks) return;
    this.loadingTasks = true;
    const pageNo = more ? this.pageNo + 1 : 1;
    try {
      const page = await this.api.page(pageNo, VIDEO_LIMITS.pageSize);
      runInAction(() => {
        const fresh = new Set(page.list.map((task) => task.id));
        this.tasks = more ? [...this.tasks.filter((task) => !fresh.has(task.id)), ...page.list] : [...page.list, ...this.tasks.slice(VIDEO_LIMITS.pageSize).filter((task) => !fresh.has(task.id))];
        this.total = page.total;
        this.pageNo = more ? pageNo : Math.max(this.pageNo, 1);
        this.tasksLoaded = true;
      });
    } catch {
      // shown by the request client; 加载更多 stays to try again
    } finally {
      runInAction(() => (this.loadingTasks = false));
    }
    this.schedule();
  }

  private upsert(task: VideoTask): void {
    const index = this.tasks.findIndex((item) => item.id === task.id);
    if (index >= 0) this.tasks[index] = task;
    else {
      this.tasks.unshift(task);
      this.total += 1;
    }
  }

  async remove(task: VideoTask): Promise<void> {
    await this.api.remove(task.id);
    runInAction(() => {
      this.tasks = this.tasks.filter((item) => item.id !== task.id);
      this.total = Math.max(0, this.total - 1);
    });
  }

  // ---- showing and polling ---------------------------------------------------------------------

  setShown(shown: boolean): void {
    this.shown = shown;
    if (!shown) return this.stopPolling();
    this.forgetOtherAccount();
    void this.loadModels();
    if (this.options.signedIn()) {
      void this.loadTasks();
      if (!this.quote) void this.loadQuote();
    }
  }

  private forgetOtherAccount(): void {
    const account = this.options.account();
    if (account === this.accountSeen) return;
    const switched = this.accountSeen !== null;
    this.accountSeen = account;
    if (!switched) return;
    this.tasks = [];
    this.total = 0;
    this.pageNo = 0;
    this.tasksLoaded = false;
    this.firstFrame = null;
    this.quote = null;
  }

  setVisible(visible: boolean): void {
    this.visible = visible;
    if (visible) this.schedule(0);
    else this.stopPolling();
  }

  get pollingWanted(): boolean {
    return this.shown && this.visible && this.activeTasks.length > 0;
  }

  private schedule(delay = this.pollMs): void {
    if (this.polling) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (!this.pollingWanted) return;
    this.timer = setTimeout(() => void this.poll(), delay);
  }

  private stopPolling(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  /** Asks only the queued / running tasks, one at a time; refreshes the balance when one ends. */
  private async poll(): Promise<void> {
    this.timer = null;
    if (!this.pollingWanted) return;
    this.polling = true;
    let finished = false;
    try {
      for (const task of this.activeTasks) {
        try {
          const next = await this.api.status(task.id);
          runInAction(() => {
            if (!this.tasks.some((item) => item.id === next.id)) return; // deleted meanwhile
            if (!isActive(next)) finished = true;
            this.upsert(next);
          });
        } catch {
          // tried again on the next tick
        }
      }
    } finally {
      this.polling = false;
    }
    if (finished) void this.api.refreshPoints();
    this.schedule();
  }

  dispose(): void {
    this.stopPolling();
  }
}
