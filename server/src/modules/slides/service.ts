import { randomUUID } from 'node:crypto';
import { SLIDE_LIMITS, SLIDE_TEMPLATE_IDS, type CreateDeckRequest, type Deck, type DeckOutline, type DeckSummary, type Page, type SlideFunctions, type SlideTemplateId } from '@qiming/contracts';
import type { Clock } from '../../clock.js';
import type { Translator } from '../../locale/index.js';
import type { Log } from '../../log.js';
import { priceTextOf, type CatalogueEntry } from '../catalogue/index.js';
import type { ContentPolicy } from '../chat/policy/contentPolicy.js';
import type { PointsService } from '../points/index.js';
import type { UploadRow } from '../uploads/repository.js';
import { badRequest, bannedContent, deckBusy, deckNotFound, SLIDE_MESSAGES, tooManyActive, uploadUnusable } from './codes.js';
import { subjectOf } from './offlineWriter.js';
import { outlineOfText, textOfOutline } from './outlineText.js';
import type { DeckRow, SlidesRepository } from './repository.js';
import { deckSummaryOf, deckViewOf, OUTLINE_STALE_MS, type DeckViewContext } from './view.js';
import type { OutlineSource, SlideWriter } from './writer.js';

/** The catalogue entry a deck is charged as (one price per generation). */
export const PRICE_MODEL = 'ai-ppt';
export const holdIdOf = (taskId: string) => `slides:${taskId}`;
/** How often a writer that is waiting on its model still says it is alive. */
const OUTLINE_BEAT_MS = 5_000;
/** Outline progress is written at most this often. */
const OUTLINE_SAVE_MS = 250;

export interface SlidesServiceDeps {
  repo: SlidesRepository;
  points: Pick<PointsService, 'hold' | 'refund'>;
  catalogue: { find(id: string): CatalogueEntry | undefined };
  uploads: { ownedUploads(userId: string, ids: readonly string[]): Promise<UploadRow[]> };
  policy: ContentPolicy;
  /** The writer now: a chat model when a channel serves SLIDES_MODEL, else the offline writer. */
  writer(): SlideWriter;
  writerModel: string;
  translator: Translator;
  now: Clock;
  /** Wakes this instance's runner (a generation was queued). */
  wake(): void;
  log: Log;
}

/**
 * The rules of AI slides: decks from a topic or a document (the outline written in the background
 * on this instance, saved as it grows), the user's outline edits, starting a generation (points
 * held, a durable task), reading, listing, renaming and deleting decks.
 */
export class SlidesService {
  private readonly view: DeckViewContext;
  private readonly outlines = new Map<string, { controller: AbortController; done: Promise<void> }>();

  constructor(private readonly deps: SlidesServiceDeps) {
    this.view = { translator: deps.translator, now: () => deps.now() };
  }

  // Creating and outlines.

  async create(userId: string, request: Required<Pick<CreateDeckRequest, 'slideCount' | 'templateId'>> & Pick<CreateDeckRequest, 'topic' | 'uploadId'>): Promise<Deck> {
    const topic = request.topic?.trim() ?? '';
    if (!topic && !request.uploadId) throw badRequest(SLIDE_MESSAGES.needSource);
    if (topic && request.uploadId) throw badRequest(SLIDE_MESSAGES.bothSources);
    if (topic && this.deps.policy.violation(topic)) throw bannedContent();
    const sections = request.slideCount - 1;
    let source: OutlineSource;
    let upload: UploadRow | undefined;
    if (request.uploadId) {
      [upload] = await this.deps.uploads.ownedUploads(userId, [request.uploadId]);
      if (!upload) throw uploadUnusable(SLIDE_MESSAGES.uploadNotFound);
      if (!upload.text.trim()) throw uploadUnusable();
      source = { kind: 'document', name: upload.name, text: upload.text, sections };
    } else {
      source = { kind: 'topic', topic, sections };
    }
    await this.checkActive(userId);
    const at = this.iso();
    const id = randomUUID();
    const title = upload ? upload.name.replace(/\.[^.]+$/, '').slice(0, SLIDE_LIMITS.title) : subjectOf(topic).slice(0, SLIDE_LIMITS.title);
    await this.deps.repo.insertDeck({
      id,
      user_id: userId,
      title,
      source: upload ? 'upload' : 'topic',
      source_text: upload ? upload.name : topic,
      upload_id: upload?.id ?? null,
      slide_count: request.slideCount,
      outline: JSON.stringify({ title, sections: [] } satisfies DeckOutline),
      outline_beat: at,
      template_id: request.templateId,
      created_at: at,
      updated_at: at,
    });
    this.writeOutline(id, at, title, source);
    return this.read(userId, id);
  }

  /** Writes the outline again from the deck's source (a failed or interrupted outline, or the user asks). */
  async rewriteOutline(userId: string, deckId: string): Promise<Deck> {
    const deck = await this.ownDeck(userId, deckId);
    let source: OutlineSource;
    if (deck.source === 'upload') {
      const [upload] = deck.upload_id ? await this.deps.uploads.ownedUploads(userId, [deck.upload_id]) : [];
      if (!upload || !upload.text.trim()) throw uploadUnusable(SLIDE_MESSAGES.uploadNotFound);
      source = { kind: 'document', name: upload.name, text: upload.text, sections: deck.slide_count - 1 };
    } else {
      source = { kind: 'topic', topic: deck.source_text, sections: deck.slide_count - 1 };
    }
    await this.checkActive(userId);
    const at = this.iso();
    if (!(await this.deps.repo.beginOutline(userId, deckId, at, this.staleBefore()))) throw deckBusy(deck.outline_writing === 1 ? SLIDE_MESSAGES.outlineBusy : SLIDE_MESSAGES.deckBusy);
    this.writeOutline(deckId, at, deck.title, source);
    return this.read(userId, deckId);
  }

  /**
   * Runs the writer in the background on this instance, saving what it has every quarter second
   * (the page polls it) and beating while the model is silent. A writer whose instance stops leaves
   * a beat that goes stale: the deck then reads 大纲生成中断 and can be written again.
   */
  private writeOutline(deckId: string, startBeat: string, fallbackTitle: string, source: OutlineSource): void {
    const controller = new AbortController();
    const writer = this.deps.writer();
    let text = '';
    let beat = startBeat;
    let alive = true;
    let chain = Promise.resolve();
    const save = () => {
      chain = chain.then(async () => {
        if (!alive) return;
        const at = this.iso();
        if (await this.deps.repo.saveOutlineProgress(deckId, beat, outlineOfText(text, fallbackTitle), at)) beat = at;
        else {
          // Deleted, or written again elsewhere: stop.
          alive = false;
          controller.abort(new Error('outline no longer ours'));
        }
      });
      return chain;
    };
    const beater = setInterval(() => void save(), OUTLINE_BEAT_MS);
    const run = async () => {
      let error: string | null = null;
      try {
        let savedAt = 0;
        for await (const piece of writer.outline(source, controller.signal)) {
          text += piece;
          if (Date.now() - savedAt >= OUTLINE_SAVE_MS) {
            savedAt = Date.now();
            void save();
          }
        }
      } catch (caught) {
        if (!alive) return;
        if (!controller.signal.aborted) this.deps.log.warn({ err: caught, deckId }, 'writing a slide outline failed');
        error = controller.signal.aborted ? SLIDE_MESSAGES.outlineInterrupted : SLIDE_MESSAGES.outlineFailed;
      } finally {
        clearInterval(beater);
      }
      await chain;
      if (!alive) return;
      const outline = outlineOfText(text, fallbackTitle);
      if (!error && outline.sections.length === 0) error = SLIDE_MESSAGES.outlineFailed;
      await this.deps.repo.finishOutline(deckId, beat, { outline, title: outline.title, offline: writer.offline, error }, this.iso());
    };
    const done = run()
      .catch((caught: Error) => this.deps.log.error({ err: caught, deckId }, 'slide outline bookkeeping failed'))
      .finally(() => this.outlines.delete(deckId));
    this.outlines.set(deckId, { controller, done });
  }

  /** Outlines being written on this instance: resolves when each has ended (tests, shutdown). */
  async outlinesSettled(): Promise<void> {
    await Promise.all([...this.outlines.values()].map((entry) => entry.done));
  }

  /** Stops the outlines this instance writes; they end as 大纲生成中断 (the user writes them again). */
  async close(): Promise<void> {
    for (const entry of this.outlines.values()) entry.controller.abort(new Error('server stopping'));
    await this.outlinesSettled();
  }

  async saveOutline(userId: string, deckId: string, outline: DeckOutline): Promise<Deck> {
    const deck = await this.ownDeck(userId, deckId);
    this.checkOutline(outline);
    if (!(await this.deps.repo.saveOutline(userId, deckId, outline, this.iso()))) throw deckBusy(deck.outline_writing === 1 ? SLIDE_MESSAGES.outlineBusy : SLIDE_MESSAGES.deckBusy);
    return this.read(userId, deckId);
  }

  private checkOutline(outline: DeckOutline): void {
    if (this.deps.policy.violation(textOfOutline(outline))) throw bannedContent();
  }

  // Generating.

  /** Holds the deck's price and queues its generation with the confirmed outline and template. */
  async start(userId: string, deckId: string, templateId: SlideTemplateId, edited: DeckOutline | undefined): Promise<Deck> {
    const deck = await this.ownDeck(userId, deckId);
    const current = await this.deps.repo.task(deck.task_id);
    if (current && (current.status === 'queued' || current.status === 'running')) throw deckBusy();
    const summary = deckSummaryOf(deck, current, this.view);
    if (summary.status === 'outlining') throw deckBusy(SLIDE_MESSAGES.outlineBusy);
    const outline = edited ?? (JSON.parse(deck.outline) as DeckOutline);
    if (outline.sections.length < SLIDE_LIMITS.minSlides - 1) throw badRequest(SLIDE_MESSAGES.outlineTooShort);
    this.checkOutline(outline);
    await this.checkActive(userId);
    const id = randomUUID();
    const holdId = holdIdOf(id);
    const { held } = await this.deps.points.hold(userId, holdId, PRICE_MODEL, { purpose: 'media' });
    try {
      const queued = await this.deps.repo.queueTask(
        {
          id,
          user_id: userId,
          deck_id: deckId,
          price_model: PRICE_MODEL,
          writer_model: this.deps.writerModel,
          template_id: templateId,
          outline: JSON.stringify(outline),
          total: outline.sections.length + 1,
          points: held,
          offline_demo: this.deps.writer().offline ? 1 : 0,
          created_at: this.iso(),
        },
        { previousTaskId: deck.task_id, outline, templateId },
      );
      if (!queued) throw deckBusy();
    } catch (error) {
      await this.deps.points.refund(holdId).catch((refundError: Error) => this.deps.log.warn({ err: refundError, holdId }, 'releasing a slides hold failed'));
      throw error;
    }
    this.deps.wake();
    return this.read(userId, deckId);
  }

  // Reading, renaming, deleting.

  private async ownDeck(userId: string, deckId: string): Promise<DeckRow> {
    const deck = await this.deps.repo.deck(deckId);
    if (!deck || deck.user_id !== userId) throw deckNotFound();
    return deck;
  }

  async read(userId: string, deckId: string): Promise<Deck> {
    const found = await this.deps.repo.deckWithTask(deckId);
    if (!found || found.deck.user_id !== userId) throw deckNotFound();
    return deckViewOf(found.deck, found.task, this.view);
  }

  async list(userId: string, request: { pageNo: number; pageSize: number }): Promise<Page<DeckSummary>> {
    const { rows, total } = await this.deps.repo.list(userId, (request.pageNo - 1) * request.pageSize, request.pageSize);
    const tasks = await this.deps.repo.tasksOf(rows.flatMap((row) => (row.task_id ? [row.task_id] : [])));
    return { total, list: rows.map((row) => deckSummaryOf(row, row.task_id ? tasks.get(row.task_id) : undefined, this.view)) };
  }

  async rename(userId: string, deckId: string, title: string): Promise<Deck> {
    if (!(await this.deps.repo.rename(userId, deckId, title, this.iso()))) throw deckNotFound();
    return this.read(userId, deckId);
  }

  /** Deletes the deck and its generations (not while one runs); an outline being written here stops. Decks keep no files: nothing else to remove. */
  async delete(userId: string, deckId: string): Promise<null> {
    const outcome = await this.deps.repo.deleteDeck(userId, deckId);
    if (outcome === 'missing') throw deckNotFound();
    if (outcome === 'busy') throw deckBusy();
    this.outlines.get(deckId)?.controller.abort(new Error('deck deleted'));
    return null;
  }

  functions(): SlideFunctions {
    const entry = this.deps.catalogue.find(PRICE_MODEL);
    const points = entry?.price.kind === 'perRequest' ? entry.price.points : 0;
    return {
      points,
      priceText: entry ? this.deps.translator.text(priceTextOf(entry.price)) : '',
      model: this.deps.writerModel,
      offlineDemo: this.deps.writer().offline,
      templates: SLIDE_TEMPLATE_IDS,
      limits: SLIDE_LIMITS,
    };
  }

  private async checkActive(userId: string): Promise<void> {
    if ((await this.deps.repo.countActive(userId, this.staleBefore())) >= SLIDE_LIMITS.maxActivePerUser) throw tooManyActive();
  }

  private staleBefore(): string {
    return new Date(this.deps.now().getTime() - OUTLINE_STALE_MS).toISOString();
  }

  private iso(): string {
    return this.deps.now().toISOString();
  }
}
