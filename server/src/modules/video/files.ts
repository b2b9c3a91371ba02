import { Readable } from 'node:stream';
import type { BlobStore, StoredObject } from '../../storage/blobStore.js';
import { badLink, fileNotFound } from './codes.js';
import type { VideoRepository } from './repository.js';
import type { VideoLinks, VideoVariant } from './urls.js';

/** A clip or poster to send: the object, its cache rule, and its download name. */
export interface VideoFile {
  object: StoredObject;
  cacheControl: string;
  downloadName: string;
}

const EXTENSIONS: Record<string, string> = { 'video/mp4': 'mp4', 'video/webm': 'webm', 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' };
export const extensionOfMime = (mime: string) => EXTENSIONS[mime] ?? 'bin';

/** The name a download is saved under: qiming-video-<first 8 of the task id>.<ext>. */
export const downloadNameOf = (taskId: string, mime: string) => `qiming-video-${taskId.slice(0, 8)}.${extensionOfMime(mime)}`;

/** Serves the files behind owner links: a valid, unexpired signature is required. Missing: 404; a bad link: 403. */
export class VideoFiles {
  constructor(
    private readonly repo: VideoRepository,
    private readonly store: BlobStore,
    private readonly links: VideoLinks,
  ) {}

  async open(taskId: string, variant: VideoVariant, query: { exp?: string; sig?: string }): Promise<VideoFile> {
    if (!this.links.verify(variant, taskId, query.exp, query.sig)) throw badLink();
    const task = await this.repo.task(taskId);
    const key = variant === 'poster' ? task?.poster_key : task?.video_key;
    if (!task || !key) throw fileNotFound();
    const object = await this.store.get(key);
    if (!object) throw fileNotFound();
    return { object, cacheControl: `private, max-age=${this.links.secondsLeft(query.exp!)}, immutable`, downloadName: downloadNameOf(task.id, object.contentType) };
  }
}

/** One byte range of a file of `size` bytes, inclusive; 'unsatisfiable' (416) or null (send it all). */
export function rangeOf(header: string | undefined, size: number): { start: number; end: number } | 'unsatisfiable' | null {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  // Several ranges (a comma) or another unit: answer the whole file, as RFC 9110 allows.
  if (!match || (match[1] === '' && match[2] === '')) return null;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}

/**
 * The bytes start…end (inclusive) of a stored object's stream. The store has no ranged read, so
 * the bytes before `start` are read and dropped (a clip is a few MB; see README.md).
 */
export function sliceOf(body: Readable, start: number, end: number): Readable {
  async function* bytes() {
    let at = 0;
    try {
      for await (const chunk of body as AsyncIterable<Buffer>) {
        const from = at;
        at += chunk.length;
        if (at <= start) continue;
        yield chunk.subarray(Math.max(0, start - from), Math.min(chunk.length, end - from + 1));
        if (at > end) break;
      }
    } finally {
      body.destroy();
    }
  }
  return Readable.from(bytes());
}
