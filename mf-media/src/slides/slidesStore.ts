import { makeAutoObservable, runInAction } from 'mobx';
import { SLIDE_LIMITS, type Deck, type DeckOutline, type DeckSummary, type SlideFunctions, type SlideTemplateId } from '@qiming/sdk/contracts';
import type { SlidesApi } from '../api/slidesApi';
import { outlineOps } from './outlineOps';

export interface SlidesEnvironment {
  signedIn(): boolean;
  /** Asks the host to sign in (auth:required); false when not signed in. */
  requireLogin(): boolean;
  /** Chinese confirm / prompt (window's; tests answer). */
  confirm(text: string): boolean;
  prompt(text: string, value: string): string | null;
}

type Ops = typeof outlineOps;
type OpArgs<K extends keyof Ops> = Ops[K] extends (outline: DeckOutline, ...args: infer A) => DeckOutline ? A : never;

const ACTIVE = new Set(['outlining', 'queued', 'running']);
const SAVE_AFTER_MS = 800;

/**
 * The slides page: the create form, the user's decks, the open deck (polled while its outline is
 * written or its slides generated), the outline being edited (saved to the server shortly after
 * each change) and the slide shown.
 */
export class SlidesStore {
  functions: SlideFunctions | null = null;
  quotePoints: number | null = null;
  decks: DeckSummary[] = [];
  deck: Deck | null = null;
  /** The outline as edited here; follows the server's while the outline is written. */
  outline: DeckOutline | null = null;
  dirty = false;
  saving = false;
  editing = false;
  selected = 0;
  presenting = false;
  // The create form.
  source: 'topic' | 'upload' = 'topic';
  topic = '';
  upload: { id: string; name: string } | null = null;
  uploading = false;
  slideCount: number = SLIDE_LIMITS.defaultSlides;
  templateId: SlideTemplateId = 'aurora';
  busy = false;
  exporting: 'pptx' | 'pdf' | null = null;

  private pollTimer: ReturnType<typeof setTimeout> | null = null;
  private saveTimer: ReturnType<typeof setTimeout> | null = null;
  private visible = false;

  constructor(
    readonly api: SlidesApi,
    private readonly env: SlidesEnvironment,
    private readonly pollMs: number = SLIDE_LIMITS.pollMs,
  ) {
    makeAutoObservable<SlidesStore, 'pollTimer' | 'saveTimer' | 'visible' | 'account'>(this, { api: false, pollTimer: false, saveTimer: false, visible: false, account: false });
  }

  get generating(): boolean {
    return this.deck !== null && (this.deck.status === 'queued' || this.deck.status === 'running');
  }

  /** The outline editor shows (rather than the slides). */
  get showOutline(): boolean {
    if (!this.deck) return false;
    if (this.editing) return true;
    return ['outlining', 'outlineFailed', 'draft'].includes(this.deck.status);
  }

  get price(): number | null {
    return this.quotePoints ?? this.functions?.points ?? null;
  }

  async show(): Promise<void> {
    this.visible = true;
    const functions = await this.api.functions().catch(() => null);
    runInAction(() => (this.functions = functions));
    if (this.env.signedIn()) {
      await this.loadDecks();
      const quote = await this.api.quote('ai-ppt').catch(() => null);
      runInAction(() => (this.quotePoints = quote?.maxCost ?? null));
    }
    if (this.deck) this.schedulePoll(0);
  }

  hide(): void {
    this.visible = false;
    this.stopPolling();
    void this.flushSave();
  }

  async loadDecks(): Promise<void> {
    const page = await this.api.list({ pageNo: 1, pageSize: SLIDE_LIMITS.pageSize }).catch(() => null);
    if (page) runInAction(() => (this.decks = page.list));
  }

  setField<K extends 'topic' | 'slideCount' | 'templateId' | 'source'>(key: K, value: SlidesStore[K]): void {
    (this as SlidesStore)[key] = value;
  }

  async chooseDocument(file: File): Promise<void> {
    if (!this.env.requireLogin()) return;
    this.uploading = true;
    try {
      const result = await this.api.uploadDocument(file);
      runInAction(() => (this.upload = { id: result.knowledgeId, name: result.name }));
    } catch {
      // The request client showed why.
    } finally {
      runInAction(() => (this.uploading = false));
    }
  }

  get canCreate(): boolean {
    return !this.busy && !this.uploading && (this.source === 'topic' ? this.topic.trim().length > 0 : this.upload !== null);
  }

  async create(): Promise<void> {
    if (!this.env.requireLogin() || !this.canCreate) return;
    this.busy = true;
    try {
      const deck = await this.api.create(this.source === 'topic' ? { topic: this.topic.trim(), slideCount: this.slideCount, templateId: this.templateId } : { uploadId: this.upload!.id, slideCount: this.slideCount, templateId: this.templateId });
      this.take(deck);
      void this.loadDecks();
    } catch {
      // shown by the request client
    } finally {
      runInAction(() => (this.busy = false));
    }
  }

  async open(deckId: string): Promise<void> {
    await this.flushSave();
    const deck = await this.api.read(deckId).catch(() => null);
    if (deck) {
      this.editing = false;
      this.take(deck, true);
    }
  }

  /** A deck from the server: the outline follows it unless the user has edits not yet saved. */
  private take(deck: Deck, fresh = false): void {
    const switched = fresh || this.deck?.id !== deck.id;
    this.deck = deck;
    if (switched || (!this.dirty && !this.saving)) this.outline = deck.outline;
    if (switched) {
      this.selected = 0;
      this.dirty = false;
      this.templateId = deck.templateId;
    }
    if (this.selected >= deck.slides.length) this.selected = Math.max(0, deck.slides.length - 1);
    const summary = this.decks.findIndex((d) => d.id === deck.id);
    if (summary >= 0) this.decks[summary] = { ...this.decks[summary]!, title: deck.title, status: deck.status, statusText: deck.statusText, done: deck.done, total: deck.total };
    if (ACTIVE.has(deck.status)) this.schedulePoll(this.pollMs);
  }

  private schedulePoll(ms: number): void {
    this.stopPolling();
    if (!this.visible) return;
    this.pollTimer = setTimeout(() => void this.poll(), ms);
  }

  private stopPolling(): void {
    if (this.pollTimer) clearTimeout(this.pollTimer);
    this.pollTimer = null;
  }

  private async poll(): Promise<void> {
    this.pollTimer = null;
    const current = this.deck;
    if (!current || !ACTIVE.has(current.status)) return;
    const deck = await this.api.read(current.id).catch(() => null);
    if (this.deck?.id !== current.id) return;
    if (!deck) return this.schedulePoll(this.pollMs);
    const finished = !ACTIVE.has(deck.status);
    this.take(deck);
    if (finished) {
      void this.loadDecks();
      if (deck.status === 'succeeded' || deck.status === 'failed') void this.api.refreshPoints();
    }
  }

  // The outline.

  edit<K extends keyof Ops>(op: K, ...args: OpArgs<K>): void {
    if (!this.outline || this.deck?.status === 'outlining' || this.generating) return;
    this.outline = (outlineOps[op] as unknown as (outline: DeckOutline, ...rest: OpArgs<K>) => DeckOutline)(this.outline, ...args);
    this.dirty = true;
    if (this.saveTimer) clearTimeout(this.saveTimer);
    this.saveTimer = setTimeout(() => void this.flushSave(), SAVE_AFTER_MS);
  }

  /** Saves pending edits now (before generating, leaving, or opening another deck). */
  async flushSave(): Promise<boolean> {
    if (this.saveTimer) clearTimeout(this.saveTimer);
    this.saveTimer = null;
    const deck = this.deck;
    const outline = this.outline;
    if (!deck || !outline || !this.dirty) return true;
    if (outline.sections.length < SLIDE_LIMITS.minSlides - 1 || !outline.title.trim() || outline.sections.some((s) => !s.title.trim())) return false;
    this.saving = true;
    this.dirty = false;
    try {
      const saved = await this.api.saveOutline(deck.id, outline);
      runInAction(() => {
        if (this.deck?.id === saved.id) this.deck = { ...saved, outline: this.dirty ? this.deck.outline : saved.outline };
      });
      return true;
    } catch {
      runInAction(() => (this.dirty = true));
      return false;
    } finally {
      runInAction(() => (this.saving = false));
    }
  }

  async rewriteOutline(): Promise<void> {
    if (!this.deck || !this.env.requireLogin()) return;
    const deck = await this.api.rewriteOutline(this.deck.id).catch(() => null);
    if (deck) {
      this.dirty = false;
      this.take(deck, false);
      this.outline = deck.outline;
    }
  }

  setEditing(editing: boolean): void {
    this.editing = editing;
  }

  async start(): Promise<void> {
    if (!this.deck || !this.outline || !this.env.requireLogin()) return;
    this.busy = true;
    if (this.saveTimer) clearTimeout(this.saveTimer);
    try {
      const deck = await this.api.start(this.deck.id, this.templateId, this.outline);
      runInAction(() => {
        this.dirty = false;
        this.editing = false;
        this.selected = 0;
      });
      this.take(deck);
      void this.api.refreshPoints();
    } catch {
      // shown by the request client (602 opens the points dialog)
    } finally {
      runInAction(() => (this.busy = false));
    }
  }

  // Decks.

  async rename(deck: DeckSummary): Promise<void> {
    const title = this.env.prompt(this.texts.renamePrompt, deck.title)?.trim();
    if (!title || title === deck.title) return;
    const renamed = await this.api.rename(deck.id, title).catch(() => null);
    if (!renamed) return;
    runInAction(() => {
      if (this.deck?.id === renamed.id) this.deck = { ...this.deck, title: renamed.title };
    });
    await this.loadDecks();
  }

  async remove(deck: DeckSummary): Promise<void> {
    if (!this.env.confirm(this.texts.deleteConfirm(deck.title))) return;
    try {
      await this.api.remove(deck.id);
    } catch {
      return;
    }
    runInAction(() => {
      this.decks = this.decks.filter((d) => d.id !== deck.id);
      if (this.deck?.id === deck.id) {
        this.deck = null;
        this.outline = null;
        this.dirty = false;
      }
    });
  }

  /** Texts the store asks with (set by the page, in the page's language). */
  texts = { renamePrompt: '', deleteConfirm: (title: string) => title };

  select(index: number): void {
    const count = this.deck?.slides.length ?? 0;
    if (count === 0) return;
    this.selected = Math.max(0, Math.min(count - 1, index));
  }

  setPresenting(presenting: boolean): void {
    this.presenting = presenting && (this.deck?.slides.length ?? 0) > 0;
  }

  setExporting(kind: 'pptx' | 'pdf' | null): void {
    this.exporting = kind;
  }

  private account: string | null | undefined = undefined;

  /** Who is signed in now (null: nobody); a change drops what the previous account had here. */
  syncAccount(account: string | null): void {
    if (this.account !== undefined && this.account !== account) this.reset();
    this.account = account;
  }

  /** Another account signed in: nothing of the previous one stays. */
  reset(): void {
    this.stopPolling();
    this.decks = [];
    this.deck = null;
    this.outline = null;
    this.dirty = false;
    this.upload = null;
  }
}
