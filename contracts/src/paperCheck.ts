/**
 * Paper AIGC check (/paperPage): the spec names aigc/uploadDoc, aigc/check and aigc/checkV2 (spec
 * platform §7: uploadDoc an upload, the others POST; payloads not shown). The payloads and the calls
 * around them are ours (server/src/modules/paperCheck/README.md).
 *
 * uploadDoc: a PDF, DOCX or TXT paper → its extracted text kept as a document. check / checkV2:
 * a durable check task on a document (points held) → a report read with aigc/result.
 */

const paperCheckCodes = {
  /** 论文不存在或已删除，请重新上传 */
  documentNotFound: 3301,
  /** 检测记录不存在或已删除 */
  checkNotFound: 3302,
  /** The file is not a paper that can be checked (type, size, length, no text). */
  badDocument: 3303,
  /** 进行中的检测过多 */
  tooManyActive: 3304,
  /** 检测进行中，完成后才能删除 */
  checkBusy: 3305,
};
export const PAPER_CHECK_CODES = paperCheckCodes as Readonly<typeof paperCheckCodes>;

const paperCheckLimits = {
  /** The largest file accepted (10 MiB). */
  maxBytes: 10 * 1024 * 1024,
  extensions: ['pdf', 'docx', 'txt'],
  /** Characters of text (spaces not counted) a paper needs for a meaningful estimate. */
  minChars: 200,
  maxChars: 50_000,
  /** Checks queued or running of one user at a time. */
  maxActivePerUser: 3,
  pageSize: 20,
  pollMs: 1500,
  /** Level thresholds of a score (0–100): below `medium` 低, from `high` 高. */
  medium: 40,
  high: 70,
};
export const PAPER_CHECK_LIMITS = paperCheckLimits as Readonly<typeof paperCheckLimits>;

/** 标准检测 (aigc/check) or 新版检测 (aigc/checkV2). */
export type PaperDetector = 'standard' | 'v2';
/** The catalogue entry each detector is charged as (one price per check). */
export const PAPER_CHECK_PRICE_MODELS: Readonly<Record<PaperDetector, string>> = { standard: 'paper-aigc-check', v2: 'paper-aigc-check-v2' };

export type PaperLevel = 'low' | 'medium' | 'high';
/** How a score was reached: the transparent statistical estimate, or a chat model's judgement. */
export type PaperMethod = 'statistical' | 'llm';

export function paperLevelOf(score: number): PaperLevel {
  return score >= PAPER_CHECK_LIMITS.high ? 'high' : score >= PAPER_CHECK_LIMITS.medium ? 'medium' : 'low';
}

export interface PaperDocument {
  id: string;
  name: string;
  kind: 'pdf' | 'docx' | 'text';
  size: number;
  /** Characters of text, spaces not counted. */
  chars: number;
  paragraphs: number;
  createdAt: string;
}

/** A passage of a paragraph that drove its score: character offsets into the paragraph's text. */
export interface PaperSpan {
  start: number;
  end: number;
  /** Why, in Chinese (连接词：首先、此外 / 重复表达 / 模型判读的理由). */
  reason: string;
}

export interface PaperParagraphScore {
  index: number;
  text: string;
  /** 0–100: how AI-like the paragraph reads. */
  score: number;
  level: PaperLevel;
  method: PaperMethod;
  spans: PaperSpan[];
}

/** One feature of the statistical estimate over the whole paper, for the report's explanation. */
export interface PaperFeature {
  id: string;
  /** 0–1: how strongly it points to generated text. */
  value: number;
  weight: number;
}

export interface PaperReport {
  /** 0–100: the share of the paper's text (by characters) that reads as AI-like, paragraph scores weighted by length. */
  overall: number;
  level: PaperLevel;
  detector: PaperDetector;
  /** statistical: every paragraph by the estimate; llm: by the chat model (paragraphs it answered garbled fall back to the estimate). */
  method: PaperMethod;
  /** The chat model that judged (method llm), else null. */
  model: string | null;
  /** The statistical feature set used (1: standard, 2: new). */
  featureSet: 1 | 2;
  features: PaperFeature[];
  paragraphs: PaperParagraphScore[];
  /** Paragraphs too short to score (headings, captions). */
  skipped: number;
  /** Paragraphs the model's answer did not cover, scored by the estimate instead. */
  fallbacks: number;
  checkedAt: string;
  durationMs: number;
}

export type PaperCheckStatus = 'queued' | 'running' | 'succeeded' | 'failed';

export interface PaperCheckSummary {
  id: string;
  documentId: string;
  documentName: string;
  detector: PaperDetector;
  status: PaperCheckStatus;
  statusText: string;
  /** 0–100. */
  progress: number;
  error: string | null;
  /** Held while queued or running, charged once succeeded, 0 once refunded. */
  points: number;
  offlineDemo: boolean;
  /** The report's overall score once succeeded. */
  overall: number | null;
  createdAt: string;
  finishedAt: string | null;
}

export interface PaperCheck extends PaperCheckSummary {
  report: PaperReport | null;
}

export interface PaperDetectorInfo {
  id: PaperDetector;
  points: number;
  priceText: string;
  /** What it runs now: llm when a channel serves PAPER_CHECK_MODEL (新版 only). */
  method: PaperMethod;
}

/** aigc/functions (signed out too): the detectors with their prices, the limits, the offline label. */
export interface PaperCheckFunctions {
  detectors: PaperDetectorInfo[];
  /** No chat channel serves the judge model: 新版 uses its statistical feature set (离线演示). */
  offlineDemo: boolean;
  model: string;
  limits: typeof PAPER_CHECK_LIMITS;
}

export interface PaperCheckRequest {
  documentId: string;
}

export interface PaperCheckRef {
  checkId: string;
}

export interface PaperCheckListRequest {
  pageNo?: number;
  pageSize?: number;
}
