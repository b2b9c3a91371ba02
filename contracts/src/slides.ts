/**
 * AI slides (/pptPage): the spec names ppt/createToken, ppt/success and ppt/start (POST, payloads not
 * shown, spec platform §7); the payloads and the other calls are ours (server/src/modules/slides/README.md).
 *
 * createToken: a deck draft from a topic or an uploaded document, whose outline the server starts
 * writing at once (read with ppt/success while it is written). start: the (edited) outline and a
 * template become a durable generation task, points held. success: one deck as it is now — the
 * outline being written, the slides done so far, the finished deck.
 */

const slideCodes = {
  /** 演示文稿不存在或已删除 */
  deckNotFound: 2901,
  /** 演示文稿正在生成，请等待完成 */
  deckBusy: 2902,
  /** 文档没有可用的文字内容 */
  uploadUnusable: 2903,
  /** 进行中的任务过多 */
  tooManyActive: 2904,
};
export const SLIDE_CODES = slideCodes as Readonly<typeof slideCodes>;

export const SLIDE_LIMITS = {
  topic: 500,
  title: 60,
  sectionTitle: 40,
  point: 120,
  /** Points per section. */
  maxPoints: 8,
  /** Slides of a deck: the title slide plus one per section. */
  minSlides: 3,
  maxSlides: 20,
  defaultSlides: 8,
  /** Decks listed per page. */
  pageSize: 20,
  /** Outline writing or generations per user at once. */
  maxActivePerUser: 2,
  pollMs: 800,
} as const;

/** The built-in templates; their looks are in mf-media/src/slides/deck/templates.ts. */
export const SLIDE_TEMPLATE_IDS = ['aurora', 'ink', 'sunrise', 'forest', 'graphite', 'ocean'] as const;
export type SlideTemplateId = (typeof SLIDE_TEMPLATE_IDS)[number];

export const SLIDE_LAYOUTS = ['title', 'section', 'bullets', 'twoColumn', 'quote', 'table', 'chart', 'image'] as const;
export type SlideLayout = (typeof SLIDE_LAYOUTS)[number];

/** One section of the outline: a slide of the deck. */
export interface OutlineSection {
  title: string;
  points: string[];
}

export interface DeckOutline {
  title: string;
  sections: OutlineSection[];
}

export type ChartKind = 'bar' | 'line' | 'pie';

export interface ChartData {
  kind: ChartKind;
  labels: string[];
  series: Array<{ name: string; values: number[] }>;
  /** Where the numbers come from (the slide's text, or 示例数据 of the offline writer). */
  note?: string;
}

export type Slide =
  | { layout: 'title'; title: string; subtitle: string }
  | { layout: 'section'; title: string; subtitle: string }
  | { layout: 'bullets'; title: string; bullets: string[] }
  | { layout: 'twoColumn'; title: string; left: { heading: string; bullets: string[] }; right: { heading: string; bullets: string[] } }
  | { layout: 'quote'; title: string; quote: string; source: string }
  | { layout: 'table'; title: string; columns: string[]; rows: string[][] }
  | { layout: 'chart'; title: string; chart: ChartData; bullets: string[] }
  | { layout: 'image'; title: string; caption: string; bullets: string[] };

/** Where a deck stands: its outline being written, ready to edit, or its generation's state. */
export type DeckStatus = 'outlining' | 'outlineFailed' | 'draft' | 'queued' | 'running' | 'succeeded' | 'failed';

export interface Deck {
  id: string;
  title: string;
  source: 'topic' | 'upload';
  /** The topic, or the uploaded document's name. */
  sourceText: string;
  status: DeckStatus;
  /** 排队中 / 生成中 3/8 / 已完成 … (Chinese; translated on the international edition). */
  statusText: string;
  outline: DeckOutline;
  /** The outline is still being written (ppt/success shows it as it grows). */
  outlineWriting: boolean;
  templateId: SlideTemplateId;
  /** Slides asked for when created (the outline's sections + 1). */
  slideCount: number;
  slides: Slide[];
  /** Slides done of the running or last generation, and how many it makes. */
  done: number;
  total: number;
  /** Points held, charged (succeeded) or 0 (refunded). */
  points: number;
  /** Written by the offline writer (离线演示): no chat channel is configured. */
  offlineDemo: boolean;
  error: string | null;
  createdAt: string;
  updatedAt: string;
}

/** A deck in the list: without outline and slides. */
export type DeckSummary = Omit<Deck, 'outline' | 'slides'>;

/** ppt/createToken: a topic or an uploaded document (uploads module's knowledgeId). */
export interface CreateDeckRequest {
  topic?: string;
  uploadId?: string;
  slideCount?: number;
  templateId?: SlideTemplateId;
}

/** ppt/success: the deck as it is now. */
export interface DeckRef {
  deckId: string;
}

export interface SaveOutlineRequest {
  deckId: string;
  outline: DeckOutline;
}

/** ppt/start: the outline (saved with it) and the template → the generation task. */
export interface StartDeckRequest {
  deckId: string;
  templateId: SlideTemplateId;
  outline?: DeckOutline;
}

export interface RenameDeckRequest {
  deckId: string;
  title: string;
}

export interface DeckListRequest {
  pageNo?: number;
  pageSize?: number;
}

/** What a deck costs and which model writes it (ppt/functions). */
export interface SlideFunctions {
  points: number;
  priceText: string;
  model: string;
  offlineDemo: boolean;
  templates: readonly SlideTemplateId[];
  limits: typeof SLIDE_LIMITS;
}
