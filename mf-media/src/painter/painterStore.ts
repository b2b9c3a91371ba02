import { makeAutoObservable, runInAction } from 'mobx';
import { ASPECT_RATIOS, IMAGE_LIMITS } from '@qiming/sdk';
import type {
  AspectRatio,
  ImageAction,
  ImageFunctions,
  ImageModelFunctions,
  ImageResult,
  ImageTask,
  ImageTaskKind,
  PriceQuote,
  ReferenceImage,
} from '@qiming/sdk/contracts';
import type { PainterApi } from '../api/painterApi';
import { checkReferenceFile, problemOf, referenceRule, type Problem } from './rules';

/** The painter's tabs: 文生图, 图生图, 混图, 识图, 换脸. */
export type PainterTab = 'txt2img' | 'img2img' | 'blend' | 'describe' | 'swapFace';
export const PAINTER_TABS: readonly PainterTab[] = ['txt2img', 'img2img', 'blend', 'describe', 'swapFace'];

/** The task kinds a model must offer for a tab (Midjourney-style models draw 文生图 and 图生图 with imagine). */
const TAB_KINDS: Record<PainterTab, ImageTaskKind[]> = {
  txt2img: ['txt2img', 'imagine'],
  img2img: ['img2img', 'imagine'],
  blend: ['blend'],
  describe: ['describe'],
  swapFace: ['swapFace'],
};
const MIDJOURNEY_KINDS: ImageTaskKind[] = ['imagine', 'action', 'blend', 'describe', 'swapFace'];

export const isMidjourneyTask = (task: Pick<ImageTask, 'kind'>) => MIDJOURNEY_KINDS.includes(task.kind);
export const isActive = (task: Pick<ImageTask, 'status'>) => task.status === 'queued' || task.status === 'running';
export const supportsTab = (model: ImageModelFunctions, tab: PainterTab) => TAB_KINDS[tab].some((kind) => model.kinds.includes(kind));

/** A reference image being uploaded (image null) or uploaded. */
export interface ReferenceSlot {
  key: string;
  name: string;
  image: ReferenceImage | null;
}

export interface PainterStoreOptions {
  pollMs?: number;
  /** Whether the user is signed in (the SDK session), and what to do when not (the host's login prompt). */
  signedIn(): boolean;
  requireLogin(): boolean;
  /** Who is signed in (null: nobody; UNKNOWN_ACCOUNT: signed in, name not loaded yet): a switch drops the last one's tasks. */
  account(): string | null;
}

export const UNKNOWN_ACCOUNT = '?';

/** The fields 做同款 carries in the painter's query (paintLikePath). */
const PREFILL_KEYS = ['prompt', 'model', 'aspect', 'negativePrompt', 'seed'];

let slotSeq = 0;

/**
 * The painter's form and task list. One instance lives at module level (painterStore.instance), so
 * leaving the page and coming back finds the form as it was and the tasks still polled.
 */
export class PainterStore {
  functions: ImageFunctions | null = null;
  functionsFailed = false;

  tab: PainterTab = 'txt2img';
  modelId = '';
  prompt = '';
  style: string | null = null;
  aspect: AspectRatio = '1:1';
  count = 1;
  negativePrompt = '';
  seed: number | null = null;
  strength = 0.6;
  references: ReferenceSlot[] = [];
  /** Why the last picked or pasted file was refused (shown under the drop zone). */
  referenceNotice: Problem | null = null;
  quote: PriceQuote | null = null;
  submitting = false;

  tasks: ImageTask[] = [];
  total = 0;
  pageNo = 0;
  loadingTasks = false;
  tasksLoaded = false;

  /** The page has been opened during this mount of the area (the host then keeps it alive). */
  opened = false;
  /** The page is on screen (its route is showing) and the browser tab is visible. */
  shown = false;
  visible = true;

  /** A model asked for by the query before the models were known. */
  private wantedModel: string | null = null;
  private accountSeen: string | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private polling = false;
  private readonly pollMs: number;

  constructor(
    private readonly api: PainterApi,
    private readonly options: PainterStoreOptions,
  ) {
    this.pollMs = options.pollMs ?? IMAGE_LIMITS.pollMs;
    makeAutoObservable<this, 'api' | 'options' | 'timer' | 'polling' | 'wantedModel' | 'pollMs' | 'accountSeen'>(this, {
      accountSeen: false,
      api: false,
      options: false,
      timer: false,
      polling: false,
      wantedModel: false,
      pollMs: false,
    });
  }

  // ---- the form ----------------------------------------------------------------------------

  get tabs(): PainterTab[] {
    const models = this.functions?.models ?? [];
    return PAINTER_TABS.filter((tab) => models.some((model) => supportsTab(model, tab)));
  }

  /** The models that can draw the current tab. */
  get models(): ImageModelFunctions[] {
    return (this.functions?.models ?? []).filter((model) => supportsTab(model, this.tab));
  }

  get model(): ImageModelFunctions | null {
    return this.models.find((model) => model.id === this.modelId) ?? null;
  }

  /** The task kind the submit makes. */
  get requestKind(): ImageTaskKind {
    const kinds = this.model?.kinds ?? [];
    if (this.tab === 'txt2img') return kinds.includes('txt2img') ? 'txt2img' : 'imagine';
    if (this.tab === 'img2img') return kinds.includes('img2img') ? 'img2img' : 'imagine';
    return this.tab;
  }

  get usesPrompt(): boolean {
    return this.tab === 'txt2img' || this.tab === 'img2img';
  }

  /** Stable Diffusion style requests draw 1–4 images; a Midjourney grid is always four. */
  get usesCount(): boolean {
    return this.requestKind === 'txt2img' || this.requestKind === 'img2img';
  }

  get usesAspect(): boolean {
    return this.usesPrompt || this.tab === 'blend';
  }

  get aspects(): AspectRatio[] {
    const aspects = this.model?.aspects.length ? this.model.aspects : (this.functions?.aspects ?? [...ASPECT_RATIOS]);
    return aspects.filter((aspect) => ASPECT_RATIOS.includes(aspect));
  }

  get maxCount(): number {
    return Math.max(1, Math.min(this.model?.maxCount ?? 1, IMAGE_LIMITS.maxCount));
  }

  get problem(): Problem | null {
    return problemOf({ ...this.formState, sendsNegativePrompt: !!this.model?.negativePrompt });
  }

  private get formState() {
    const { tab, modelId, prompt, negativePrompt, usesPrompt, uploading, references } = this;
    return { tab, modelId, prompt, negativePrompt, usesPrompt, uploading, references };
  }

  /** Points this submit costs: the caller's quote per task, per image for Stable Diffusion style counts. */
  get cost(): number | null {
    if (!this.quote || this.quote.model !== this.modelId) return null;
    return this.quote.maxCost * (this.usesCount ? this.count : 1);
  }

  setTab(tab: PainterTab): void {
    this.tab = tab;
    if (!this.model && this.models[0]) this.setModel(this.models[0].id);
    this.clampToModel();
  }

  setModel(id: string): void {
    this.modelId = id;
    this.clampToModel();
    void this.loadQuote();
  }

  setPrompt(prompt: string): void {
    this.prompt = prompt;
  }

  toggleStyle(key: string): void {
    this.style = this.style === key ? null : key;
  }

  setAspect(aspect: AspectRatio): void {
    this.aspect = aspect;
  }

  setCount(count: number): void {
    this.count = Math.max(1, Math.min(Math.round(count), this.maxCount));
  }

  setNegativePrompt(text: string): void {
    this.negativePrompt = text;
  }

  setSeed(seed: number | null): void {
    this.seed = seed;
  }

  setStrength(strength: number): void {
    this.strength = strength;
  }

  private clampToModel(): void {
    if (!this.aspects.includes(this.aspect)) this.aspect = this.aspects[0] ?? '1:1';
    if (this.count > this.maxCount) this.count = this.maxCount;
  }

  /** 做同款 from the gallery: /painter?prompt=&model=&aspect=&negativePrompt=&seed=. True when the query carried a prefill. */
  applyQuery(search: string): boolean {
    const query = new URLSearchParams(search);
    if (!PREFILL_KEYS.some((key) => query.has(key))) return false;
    const seed = Number(query.get('seed'));
    const aspect = query.get('aspect') as AspectRatio | null;
    this.fill({
      prompt: query.get('prompt') ?? '',
      negativePrompt: query.get('negativePrompt') ?? '',
      seed: query.get('seed') !== null && Number.isInteger(seed) && seed >= 0 ? seed : null,
      aspect: aspect && ASPECT_RATIOS.includes(aspect) ? aspect : null,
      model: query.get('model'),
    });
    return true;
  }

  /** 做同款 on one of the user's own results: its prompt, model, ratio and seed in the 文生图 form. */
  fillFromTask(task: ImageTask): void {
    this.fill({ prompt: task.prompt, negativePrompt: task.negativePrompt, seed: task.seed, aspect: task.aspect, model: task.model });
  }

  /** 使用此描述: a prompt 识图 found goes into the 文生图 form. */
  useDescription(text: string): void {
    this.tab = 'txt2img';
    if (!this.model && this.models[0]) this.setModel(this.models[0].id);
    this.prompt = text;
    this.clampToModel();
  }

  private fill(fields: { prompt: string; negativePrompt: string; seed: number | null; aspect: AspectRatio | null; model: string | null }): void {
    this.tab = 'txt2img';
    this.prompt = fields.prompt;
    this.negativePrompt = fields.negativePrompt;
    this.seed = fields.seed;
    this.style = null;
    if (fields.model) this.wantedModel = fields.model;
    this.pickModel();
    if (fields.aspect) this.aspect = fields.aspect;
    this.clampToModel();
  }

  /** The wanted model when it can draw this tab, else the current one, else the first. */
  private pickModel(): void {
    if (!this.functions) return;
    const wanted = this.models.find((model) => model.id === this.wantedModel);
    if (this.wantedModel && this.functions) this.wantedModel = null;
    const next = wanted ?? this.model ?? this.models[0];
    if (next && next.id !== this.modelId) this.setModel(next.id);
    else if (next && !this.quote) void this.loadQuote();
  }

  async loadFunctions(): Promise<void> {
    if (this.functions) return;
    try {
      const functions = await this.api.functions();
      runInAction(() => {
        this.functions = functions;
        this.functionsFailed = false;
        if (!this.tabs.includes(this.tab) && this.tabs[0]) this.tab = this.tabs[0];
        this.pickModel();
        this.clampToModel();
      });
    } catch {
      runInAction(() => (this.functionsFailed = true));
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
      // the model's listed price stays on screen
    }
  }

  // ---- reference images ---------------------------------------------------------------------

  get referenceRule() {
    return referenceRule(this.tab);
  }

  get uploading(): boolean {
    return this.references.some((slot) => !slot.image);
  }

  /** Picked, pasted or dropped files: checked, then uploaded one by one. */
  async addReferences(files: File[]): Promise<void> {
    this.referenceNotice = null;
    if (!this.options.requireLogin()) return;
    const room = this.referenceRule.max - this.references.length;
    if (files.length > room) {
      this.referenceNotice = { key: 'painter.reference.tooMany', vars: { max: this.referenceRule.max } };
      return;
    }
    const refused = files.map(checkReferenceFile).find(Boolean);
    if (refused) {
      this.referenceNotice = refused;
      return;
    }
    await Promise.all(files.map((file) => this.upload(file)));
  }

  private async upload(file: File): Promise<void> {
    const slot: ReferenceSlot = { key: `ref-${++slotSeq}`, name: file.name, image: null };
    this.references.push(slot);
    try {
      const image = await this.api.uploadReference(file);
      runInAction(() => {
        const shown = this.references.find((item) => item.key === slot.key);
        if (shown) shown.image = image;
      });
    } catch {
      // the request client has shown the server's reason
      runInAction(() => (this.references = this.references.filter((item) => item.key !== slot.key)));
    }
  }

  removeReference(key: string): void {
    this.references = this.references.filter((slot) => slot.key !== key);
    this.referenceNotice = null;
  }

  // ---- submitting ----------------------------------------------------------------------------

  async submit(): Promise<void> {
    if (this.problem || this.submitting || !this.model) return;
    if (!this.options.requireLogin()) return;
    this.submitting = true;
    try {
      const task = await this.send(this.model);
      runInAction(() => this.upsert(task));
      void this.api.refreshPoints();
      this.schedule();
    } catch {
      // the request client has shown why (602 opens the points dialog through the SDK)
    } finally {
      runInAction(() => (this.submitting = false));
    }
  }

  private send(model: ImageModelFunctions): Promise<ImageTask> {
    const images = this.references.map((slot) => slot.image!.id);
    const prompt = this.prompt.trim();
    const fields = {
      model: model.id,
      prompt,
      aspect: this.aspect,
      ...(this.style ? { style: this.style } : {}),
      ...(model.negativePrompt && this.negativePrompt.trim() ? { negativePrompt: this.negativePrompt.trim() } : {}),
      ...(model.seed && this.seed !== null ? { seed: this.seed } : {}),
    };
    switch (this.requestKind) {
      case 'txt2img':
        return this.api.txt2img({ ...fields, count: this.count });
      case 'img2img':
        return this.api.img2img({ ...fields, count: this.count, images, strength: this.strength });
      case 'imagine':
        return this.api.imagine(this.tab === 'img2img' ? { ...fields, images } : fields);
      case 'blend':
        return this.api.blend({ model: model.id, images, aspect: this.aspect });
      case 'describe':
        return this.api.describe({ model: model.id, image: images[0]! });
      case 'swapFace':
        return this.api.swapFace({ model: model.id, sourceImage: images[0]!, targetImage: images[1]! });
      default:
        throw new Error(`no request for ${this.requestKind}`);
    }
  }

  // ---- tasks ---------------------------------------------------------------------------------

  get activeTasks(): ImageTask[] {
    return this.tasks.filter(isActive);
  }

  get hasMore(): boolean {
    return this.tasks.length < this.total;
  }

  /** Page 1 afresh (kept pages after it stay), or the next page. */
  async loadTasks(more = false): Promise<void> {
    if (!this.options.signedIn() || this.loadingTasks) return;
    this.loadingTasks = true;
    const pageNo = more ? this.pageNo + 1 : 1;
    try {
      const page = await this.api.history({ pageNo, pageSize: IMAGE_LIMITS.pageSize });
      runInAction(() => {
        const fresh = new Set(page.list.map((task) => task.id));
        this.tasks = more ? [...this.tasks.filter((task) => !fresh.has(task.id)), ...page.list] : [...page.list, ...this.tasks.slice(IMAGE_LIMITS.pageSize).filter((task) => !fresh.has(task.id))];
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

  /** A task the server answered: replaced in place, or added on top (a new one). */
  private upsert(task: ImageTask): void {
    const index = this.tasks.findIndex((item) => item.id === task.id);
    if (index >= 0) this.tasks[index] = task;
    else {
      this.tasks.unshift(task);
      this.total += 1;
    }
  }

  /** U1–U4, V1–V4 and 🔄 under a Midjourney grid: a new task on top. */
  async act(task: ImageTask, action: ImageAction): Promise<void> {
    try {
      const next = await this.api.action({ taskId: task.id, action });
      runInAction(() => this.upsert(next));
      void this.api.refreshPoints();
      this.schedule();
    } catch {
      // shown by the request client
    }
  }

  async remove(task: ImageTask): Promise<void> {
    await this.api.remove(task.id);
    runInAction(() => {
      this.tasks = this.tasks.filter((item) => item.id !== task.id);
      this.total = Math.max(0, this.total - 1);
    });
  }

  async share(result: ImageResult, share: boolean): Promise<void> {
    await this.api.share(result.id, share);
    runInAction(() => {
      for (const task of this.tasks) for (const item of task.results) if (item.id === result.id) item.shared = share;
    });
  }

  // ---- showing and polling ---------------------------------------------------------------------

  /** The page's route shows (true) or another page does (false). */
  setShown(shown: boolean): void {
    if (shown) this.opened = true;
    this.shown = shown;
    if (!shown) return this.stopPolling();
    this.forgetOtherAccount();
    void this.loadFunctions();
    if (this.options.signedIn()) {
      // Back on the page: the list as the server has it now (tasks may have finished meanwhile).
      void this.loadTasks();
      if (!this.quote) void this.loadQuote();
    }
  }

  /** Signed out, or another user signed in since the page was last seen: the last one's tasks and images go. */
  private forgetOtherAccount(): void {
    const account = this.options.account();
    const seen = this.accountSeen;
    const switched = account === null ? seen !== null : seen !== null && seen !== UNKNOWN_ACCOUNT && account !== UNKNOWN_ACCOUNT && account !== seen;
    if (account !== UNKNOWN_ACCOUNT || seen === null) this.accountSeen = account;
    if (!switched) return;
    this.tasks = [];
    this.total = 0;
    this.pageNo = 0;
    this.tasksLoaded = false;
    this.references = [];
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

  /** The next poll in `delay` ms while a task is queued or running and the page is seen. */
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

  private async poll(): Promise<void> {
    this.timer = null;
    if (!this.pollingWanted) return;
    this.polling = true;
    let finished = false;
    try {
      for (const task of this.activeTasks) {
        try {
          const next = await this.api.task(task.id, isMidjourneyTask(task));
          runInAction(() => {
            const shown = this.tasks.find((item) => item.id === next.id);
            if (!shown) return; // deleted meanwhile
            if (!isActive(next)) finished = true;
            // An unchanged answer (a task still queued) redraws nothing.
            if (JSON.stringify(shown) !== JSON.stringify(next)) this.upsert(next);
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

  /** Stops everything (tests, and a signed-out user's list is dropped by the page). */
  dispose(): void {
    this.stopPolling();
  }
}
