import { FILE_LIMITS, extensionOf } from '@qiming/sdk';

/**
 * Files uploaded at the same time (the rest wait their turn): one, because the server parses one
 * upload per user at a time and refuses another meanwhile (spec chat §4, code 2106).
 */
export const PARALLEL_UPLOADS = 1;

const IMAGE_EXTENSIONS = ['png', 'jpg', 'jpeg', 'webp', 'gif', 'bmp'];
// The usual subset of what the uploads module reads as text (server/src/modules/uploads/fileTypes.ts).
const TEXT_EXTENSIONS = (
  'txt md markdown csv tsv json jsonl xml yaml yml toml ini log html htm css js jsx ts tsx vue py java kt go rs ' +
  'c h cpp hpp cs php rb swift dart lua r sh sql'
).split(' ');
const ACCEPTED = new Set(['pdf', 'docx', 'xlsx', ...IMAGE_EXTENSIONS, ...TEXT_EXTENSIONS]);

/** The file picker's `accept`. */
export const ACCEPT = [...ACCEPTED].map((ext) => `.${ext}`).join(',');

export type FileProblem = { key: 'knowledge.upload.badType' | 'knowledge.upload.empty' } | { key: 'knowledge.upload.tooLarge'; vars: { mb: number } };

/**
 * Why a file is not worth uploading, checked before sending it: a type the server cannot read, or
 * more than the uploads module takes. A name without an extension (Dockerfile) is left to the server.
 */
export function fileProblem(file: File): FileProblem | null {
  const ext = extensionOf(file.name);
  if (ext && !ACCEPTED.has(ext)) return { key: 'knowledge.upload.badType' };
  if (file.size === 0) return { key: 'knowledge.upload.empty' };
  const max = IMAGE_EXTENSIONS.includes(ext) ? FILE_LIMITS.imageMaxBytes : FILE_LIMITS.maxBytes;
  if (file.size > max) return { key: 'knowledge.upload.tooLarge', vars: { mb: max / 1024 / 1024 } };
  return null;
}

/** `list` cut into runs of at most `size` (addKnowledgeItems takes 50 uploads a call). */
export function inRunsOf<T>(list: readonly T[], size: number): T[][] {
  const runs: T[][] = [];
  for (let i = 0; i < list.length; i += size) runs.push(list.slice(i, i + size));
  return runs;
}

/** Runs tasks with at most `limit` at a time, in the order they were handed in. */
export function createLimiter(limit: number) {
  let running = 0;
  const waiting: Array<() => void> = [];
  return async function run<T>(task: () => Promise<T>): Promise<T> {
    // A finished task hands its slot straight to the next waiter, so a new caller cannot slip in between.
    if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    else running++;
    try {
      return await task();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  };
}
