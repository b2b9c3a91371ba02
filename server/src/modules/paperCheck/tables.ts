import type { PaperDetector } from '@qiming/contracts';
import type { QueueColumns } from '../../tasks/taskQueue.js';

/** Paper AIGC check (module paperCheck). Timestamps are ISO-8601 text so SQLite and PostgreSQL read alike. */

/** An uploaded paper: its extracted text only (the file's bytes are not kept). */
export interface PaperDocumentTable {
  id: string;
  user_id: string;
  name: string;
  kind: 'pdf' | 'docx' | 'text';
  size: number;
  chars: number;
  paragraphs: number;
  text: string;
  created_at: string;
}

/** One check of a document: a durable task (src/tasks) holding the detector's price. */
export interface PaperCheckTable extends QueueColumns {
  document_id: string;
  /** The document's name when checked (the history reads it without the text). */
  document_name: string;
  detector: PaperDetector;
  /** The catalogue entry charged. */
  price_model: string;
  /** Held while queued or running, charged once succeeded, 0 once refunded. */
  points: number;
  /** No chat channel served the judge: the statistical estimate (离线演示). */
  offline_demo: number;
  /** PaperReport JSON once succeeded. */
  report: string | null;
}

export interface PaperCheckTables {
  paper_documents: PaperDocumentTable;
  paper_checks: PaperCheckTable;
}
