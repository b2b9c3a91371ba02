import type { Generated } from 'kysely';
import type { SlideTemplateId } from '@qiming/contracts';
import type { QueueColumns } from '../../tasks/taskQueue.js';

/** AI slides (module slides). Timestamps are ISO-8601 text so SQLite and PostgreSQL read alike. */

/** One deck: its source, its outline (written by a model, edited by the user) and its slides. */
export interface SlideDeckTable {
  id: string;
  user_id: string;
  title: string;
  source: 'topic' | 'upload';
  /** The topic, or the uploaded document's name. */
  source_text: string;
  /** The chat upload (chat_uploads.id) the outline was read from. */
  upload_id: string | null;
  slide_count: number;
  /** DeckOutline JSON: while it is written, what the text so far reads as. */
  outline: string;
  /** 1 while the outline is being written (by the instance whose beat is `outline_beat`). */
  outline_writing: Generated<number>;
  outline_beat: string | null;
  outline_error: string | null;
  /** The outline came from the offline writer (离线演示). */
  outline_offline: Generated<number>;
  template_id: SlideTemplateId;
  /** Slide[] JSON of the current (or last) generation, written slide by slide. */
  slides: Generated<string>;
  /** The current or last generation (slide_tasks.id). */
  task_id: string | null;
  created_at: string;
  updated_at: string;
}

/** One generation of a deck: a durable task (src/tasks) holding the deck's price. */
export interface SlideTaskTable extends QueueColumns {
  deck_id: string;
  /** The catalogue entry charged (ai-ppt) and the chat model that writes. */
  price_model: string;
  writer_model: string;
  template_id: SlideTemplateId;
  /** The outline confirmed by start (DeckOutline JSON). */
  outline: string;
  total: number;
  slides_done: Generated<number>;
  /** Held while queued or running, charged once succeeded, 0 once refunded. */
  points: number;
  offline_demo: Generated<number>;
}

export interface SlidesTables {
  slide_decks: SlideDeckTable;
  slide_tasks: SlideTaskTable;
}
