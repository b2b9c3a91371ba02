import { randomUUID } from 'node:crypto';
import {
  PAPER_CHECK_LIMITS,
  PAPER_CHECK_PRICE_MODELS,
  extensionOf,
  type Page,
  type PaperCheck,
  type PaperCheckFunctions,
  type PaperCheckSummary,
  type PaperDetector,
  type PaperDocument,
} from '@qiming/contracts';
import type { Clock } from '../../clock.js';
import type { Translator } from '../../locale/index.js';
import type { Log } from '../../log.js';
import { priceTextOf, type CatalogueEntry } from '../catalogue/index.js';
import type { PointsService } from '../points/index.js';
import { extractContent } from '../uploads/extract/index.js';
import { classifyUpload } from '../uploads/fileTypes.js';
import { cleanFileName } from '../uploads/service.js';
import { badDocument, checkBusy, checkNotFound, documentNotFound, PAPER_MESSAGES, tooManyActive } from './codes.js';
import { scorableParagraphs } from './detection.js';
import { charCount } from './paperText.js';
import type { PaperCheckRepository } from './repository.js';
import { checkSummaryOf, checkViewOf, documentViewOf } from './view.js';

export const holdIdOf = (checkId: string) => `paper:${checkId}`;
/** Text extraction of one paper may take this long. */
const EXTRACT_TIMEOUT_MS = 30_000;
/** Papers uploaded and never checked are removed after a day (at the user's next upload). */
const UNCHECKED_KEEP_MS = 24 * 3600_000;
const KINDS = { pdf: 'pdf', docx: 'docx', text: 'text' } as const;

export interface PaperCheckServiceDeps {
  repo: PaperCheckRepository;
  points: Pick<PointsService, 'hold' | 'refund'>;
  catalogue: { find(id: string): CatalogueEntry | undefined };
  /** A chat channel serves the judge model now (新版 uses it). */
  judgeAvailable(): boolean;
  judgeModel: string;
  translator: Translator;
  now: Clock;
  /** Wakes this instance's runner (a check was queued). */
  wake(): void;
  log: Log;
}

/** The rules of the paper check: uploading a paper (its text), starting checks (points held, a durable task), the history. */
export class PaperCheckService {
  constructor(private readonly deps: PaperCheckServiceDeps) {}

  /** aigc/uploadDoc: a PDF, DOCX or TXT read to text and checked against the limits; the bytes are not kept. */
  async upload(userId: string, file: { name: string; bytes: Buffer }): Promise<PaperDocument> {
    const name = cleanFileName(file.name);
    if (file.bytes.length === 0) throw badDocument(PAPER_MESSAGES.noFile);
    if (file.bytes.length > PAPER_CHECK_LIMITS.maxBytes) throw badDocument(PAPER_MESSAGES.tooLarge);
    if (!PAPER_CHECK_LIMITS.extensions.includes(extensionOf(name))) throw badDocument(PAPER_MESSAGES.badType);
    const classified = await classifyUpload(name, file.bytes);
    if (!classified.ok) throw badDocument(classified.message);
    const kind = KINDS[classified.file.kind as keyof typeof KINDS];
    if (!kind) throw badDocument(PAPER_MESSAGES.badType);
    const extracted = await extractContent(classified.file, file.bytes, { ocr: null, timeoutMs: EXTRACT_TIMEOUT_MS, log: this.deps.log });
    const text = extracted.text.trim();
    const chars = charCount(text);
    if (chars === 0) throw badDocument(PAPER_MESSAGES.noText);
    if (chars < PAPER_CHECK_LIMITS.minChars) throw badDocument(PAPER_MESSAGES.tooShort);
    if (chars > PAPER_CHECK_LIMITS.maxChars) throw badDocument(PAPER_MESSAGES.tooLong);
    const { scored } = scorableParagraphs(text);
    if (scored.length === 0) throw badDocument(PAPER_MESSAGES.noParagraphs);
    const now = this.deps.now();
    await this.deps.repo.pruneUnchecked(userId, new Date(now.getTime() - UNCHECKED_KEEP_MS).toISOString());
    const row = { id: randomUUID(), user_id: userId, name, kind, size: file.bytes.length, chars, paragraphs: scored.length, text, created_at: now.toISOString() };
    await this.deps.repo.insertDocument(row);
    return documentViewOf(row);
  }

  /** aigc/check and aigc/checkV2: holds the detector's price and queues the check. */
  async start(userId: string, documentId: string, detector: PaperDetector): Promise<PaperCheck> {
    const document = await this.deps.repo.ownDocument(userId, documentId);
    if (!document) throw documentNotFound();
    if ((await this.deps.repo.countActive(userId)) >= PAPER_CHECK_LIMITS.maxActivePerUser) throw tooManyActive();
    const id = randomUUID();
    const holdId = holdIdOf(id);
    const priceModel = PAPER_CHECK_PRICE_MODELS[detector];
    const { held } = await this.deps.points.hold(userId, holdId, priceModel, { purpose: 'media' });
    try {
      await this.deps.repo.insertCheck({
        id,
        user_id: userId,
        document_id: documentId,
        document_name: document.name,
        detector,
        price_model: priceModel,
        points: held,
        offline_demo: this.usesJudge(detector) ? 0 : 1,
        created_at: this.deps.now().toISOString(),
      });
    } catch (error) {
      await this.deps.points.refund(holdId).catch((refundError: Error) => this.deps.log.warn({ err: refundError, holdId }, 'releasing a paper check hold failed'));
      throw error;
    }
    this.deps.wake();
    return this.read(userId, id);
  }

  /** 新版 is judged by the chat model when a channel serves it; 标准 is always the estimate. */
  usesJudge(detector: PaperDetector): boolean {
    return detector === 'v2' && this.deps.judgeAvailable();
  }

  async read(userId: string, checkId: string): Promise<PaperCheck> {
    const row = await this.deps.repo.check(checkId);
    if (!row || row.user_id !== userId) throw checkNotFound();
    return checkViewOf(row, this.deps.translator);
  }

  async list(userId: string, request: { pageNo: number; pageSize: number }): Promise<Page<PaperCheckSummary>> {
    const { rows, total } = await this.deps.repo.list(userId, (request.pageNo - 1) * request.pageSize, request.pageSize);
    return { total, list: rows.map((row) => checkSummaryOf(row, this.deps.translator)) };
  }

  /** Deletes a finished check, and its paper's text when no other check uses it. */
  async delete(userId: string, checkId: string): Promise<null> {
    const outcome = await this.deps.repo.deleteCheck(userId, checkId);
    if (outcome === 'missing') throw checkNotFound();
    if (outcome === 'busy') throw checkBusy();
    return null;
  }

  functions(): PaperCheckFunctions {
    const detectors = (['standard', 'v2'] as const).map((id) => {
      const entry = this.deps.catalogue.find(PAPER_CHECK_PRICE_MODELS[id]);
      return {
        id,
        points: entry?.price.kind === 'perRequest' ? entry.price.points : 0,
        priceText: entry ? this.deps.translator.text(priceTextOf(entry.price)) : '',
        method: this.usesJudge(id) ? ('llm' as const) : ('statistical' as const),
      };
    });
    return { detectors, offlineDemo: !this.deps.judgeAvailable(), model: this.deps.judgeModel, limits: PAPER_CHECK_LIMITS };
  }
}
