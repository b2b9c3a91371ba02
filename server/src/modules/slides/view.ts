import type { Deck, DeckOutline, DeckStatus, DeckSummary, Slide } from '@qiming/contracts';
import type { Translator } from '../../locale/index.js';
import { runningText, SLIDE_MESSAGES, STATUS_TEXTS } from './codes.js';
import type { DeckRow, TaskRow } from './repository.js';

/** An outline whose writer has not beaten for this long was abandoned (its instance stopped). */
export const OUTLINE_STALE_MS = 30_000;

export interface DeckViewContext {
  translator: Translator;
  now(): Date;
}

function statusOf(deck: DeckRow, task: TaskRow | undefined, now: Date): { status: DeckStatus; error: string | null } {
  if (task) return { status: task.status, error: task.error };
  if (deck.outline_writing === 1) {
    const stale = !deck.outline_beat || Date.parse(deck.outline_beat) < now.getTime() - OUTLINE_STALE_MS;
    return stale ? { status: 'outlineFailed', error: SLIDE_MESSAGES.outlineInterrupted } : { status: 'outlining', error: null };
  }
  if (deck.outline_error) return { status: 'outlineFailed', error: deck.outline_error };
  return { status: 'draft', error: null };
}

export function deckSummaryOf(deck: DeckRow, task: TaskRow | undefined, context: DeckViewContext): DeckSummary {
  const { status, error } = statusOf(deck, task, context.now());
  const done = task ? Number(task.slides_done) : 0;
  const total = task ? Number(task.total) : 0;
  const statusText = status === 'running' ? runningText(done, total) : STATUS_TEXTS[status];
  return {
    id: deck.id,
    title: deck.title,
    source: deck.source,
    sourceText: deck.source_text,
    status,
    statusText: context.translator.text(statusText),
    outlineWriting: status === 'outlining',
    templateId: deck.template_id,
    slideCount: deck.slide_count,
    done,
    total,
    points: task ? Number(task.points) : 0,
    offlineDemo: task ? task.offline_demo === 1 : deck.outline_offline === 1,
    error: error === null ? null : context.translator.text(error),
    createdAt: deck.created_at,
    updatedAt: deck.updated_at,
  };
}

export function deckViewOf(deck: DeckRow, task: TaskRow | undefined, context: DeckViewContext): Deck {
  return { ...deckSummaryOf(deck, task, context), outline: JSON.parse(deck.outline) as DeckOutline, slides: JSON.parse(deck.slides) as Slide[] };
}
