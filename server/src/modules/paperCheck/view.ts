import type { PaperCheck, PaperCheckSummary, PaperDocument, PaperReport } from '@qiming/contracts';
import type { Translator } from '../../locale/index.js';
import { STATUS_TEXTS } from './codes.js';
import type { CheckRow, DocumentRow } from './repository.js';

export function documentViewOf(row: DocumentRow): PaperDocument {
  return { id: row.id, name: row.name, kind: row.kind, size: Number(row.size), chars: Number(row.chars), paragraphs: Number(row.paragraphs), createdAt: row.created_at };
}

const reportOf = (row: CheckRow): PaperReport | null => (row.status === 'succeeded' && row.report ? (JSON.parse(row.report) as PaperReport) : null);

export function checkSummaryOf(row: CheckRow, translator: Translator): PaperCheckSummary {
  const report = reportOf(row);
  return {
    id: row.id,
    documentId: row.document_id,
    documentName: row.document_name,
    detector: row.detector,
    status: row.status,
    statusText: translator.text(STATUS_TEXTS[row.status]),
    progress: row.status === 'succeeded' ? 100 : Number(row.progress),
    error: row.error === null ? null : translator.text(row.error),
    points: Number(row.points),
    offlineDemo: row.offline_demo === 1,
    overall: report?.overall ?? null,
    createdAt: row.created_at,
    finishedAt: row.finished_at,
  };
}

export function checkViewOf(row: CheckRow, translator: Translator): PaperCheck {
  return { ...checkSummaryOf(row, translator), report: reportOf(row) };
}
