import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import Tesseract from 'tesseract.js';
import type { Log } from '../../../log.js';
import { TimeLimitExceeded } from './timeLimit.js';

const require = createRequire(import.meta.url);

/** Simplified Chinese first (the product's language), English for the Latin text around it. */
export const OCR_LANGUAGES = ['chi_sim', 'eng'] as const;
/**
 * The LSTM-only integer models of the @tesseract.js-data packages: what tesseract.js itself loads
 * for its default engine mode, and a fraction of the size of the legacy+LSTM files beside them.
 */
const MODEL_VARIANT = '4.0.0_best_int';
const CLOSE_WAIT_MS = 5000;
/**
 * chi_sim's model names a sub-language (chi_sim_vert, vertical text) that the packages do not
 * ship; loading it fails with a garbled "Error opening data file" on stderr at every start and
 * noticeably worse results. No sub-languages. (tesseract.js types only some init parameters.)
 */
const INIT_PARAMETERS = { tessedit_load_sublangs: '' } as Partial<Tesseract.InitOptions>;


function packageDir(language: string): { dir: string; version: string } {
  const manifest = require.resolve(`@tesseract.js-data/${language}/package.json`);
  return { dir: path.dirname(manifest), version: (require(manifest) as { version: string }).version };
}

/**
 * tesseract.js reads every language from one `langPath`; the npm packages keep each language in
 * its own folder. The gzipped models are copied (once, per package version) into one folder under
 * the data directory, which is also the cache path, so nothing is ever written to the working
 * directory or fetched from a CDN.
 */
export function prepareLanguageDir(baseDir: string): string {
  const parts = OCR_LANGUAGES.map((language) => ({ language, ...packageDir(language) }));
  const dir = path.join(baseDir, `tessdata-${parts.map((p) => `${p.language}@${p.version}`).join('-')}-${MODEL_VARIANT}`);
  fs.mkdirSync(dir, { recursive: true });
  for (const { language, dir: from } of parts) {
    const file = `${language}.traineddata.gz`;
    const target = path.join(dir, file);
    if (fs.existsSync(target)) continue;
    // Copied under a temporary name and renamed, so a second process never reads half a file.
    const partial = `${target}.${process.pid}.partial`;
    fs.copyFileSync(path.join(from, MODEL_VARIANT, file), partial);
    fs.renameSync(partial, target);
  }
  return dir;
}

/** Spaces tesseract puts between Chinese characters of one line ("会 议 纪 要"). */
const SPACE_BETWEEN_CJK = /(?<=[\u3000-\u303f\u3400-\u9fff\uff00-\uffef])[ \t]+(?=[\u3000-\u303f\u3400-\u9fff\uff00-\uffef])/gu;

export function tidyOcrText(text: string): string {
  return text
    .replace(SPACE_BETWEEN_CJK, '')
    .split('\n')
    .map((line) => line.trimEnd())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** An OCR worker idle this long is terminated: its WebAssembly memory only grows, and is given back only with the worker. */
export const OCR_IDLE_MS = 30_000;

/**
 * One tesseract.js worker (a worker thread running the WebAssembly engine), created on the first
 * image and reused while images keep coming; images are read one at a time, each within its own
 * time limit. A worker that failed or ran over its time is terminated and the next image starts a
 * new one; so is a worker idle for `idleMs` (about a second to start again, against the hundred
 * megabytes or more a worker keeps after a large image).
 */
/** What the uploads read images with: the Tesseract engine, or a test's own. */
export interface TextRecognizer {
  /** The text of an image; throws when reading fails or runs over `timeoutMs`. */
  recognize(image: Buffer, timeoutMs: number): Promise<string>;
  close(): Promise<void>;
}

export class OcrEngine implements TextRecognizer {
  private worker: Promise<Tesseract.Worker> | null = null;
  private queue: Promise<unknown> = Promise.resolve();
  private closed = false;
  private pending = 0;
  private idleTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly options: { languageDir: () => string; log: Log; idleMs?: number },
  ) {}

  /** Whether a worker is running (or starting). */
  get hasWorker(): boolean {
    return this.worker !== null;
  }

  /** The text of an image; throws when the engine fails or runs over `timeoutMs`. */
  recognize(image: Buffer, timeoutMs: number): Promise<string> {
    this.pending++;
    clearTimeout(this.idleTimer);
    const run = this.queue.then(() => this.recognizeNow(image, timeoutMs));
    this.queue = run.catch(() => undefined);
    void this.queue.then(() => {
      if (--this.pending > 0 || this.closed) return;
      this.idleTimer = setTimeout(() => void (this.pending === 0 && this.reset()), this.options.idleMs ?? OCR_IDLE_MS);
      this.idleTimer.unref();
    });
    return run;
  }

  /** Terminates the worker (waiting at most a few seconds for one that is still starting). */
  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.idleTimer);
    let timer: NodeJS.Timeout | undefined;
    const giveUp = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, CLOSE_WAIT_MS);
    });
    await Promise.race([this.reset(), giveUp]);
    clearTimeout(timer);
  }

  private async recognizeNow(image: Buffer, timeoutMs: number): Promise<string> {
    if (this.closed) throw new Error('the OCR engine is closed');
    let timer: NodeJS.Timeout | undefined;
    let timedOut = false;
    const expired = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        timedOut = true;
        reject(new TimeLimitExceeded(timeoutMs));
      }, timeoutMs);
    });
    try {
      // A worker still starting when the time ran out is terminated once started: it must not get the job then.
      const recognized = this.ready().then((worker) => (timedOut ? Promise.reject(new TimeLimitExceeded(timeoutMs)) : worker.recognize(image)));
      // The loser of the race below must not become an unhandled rejection.
      recognized.catch(() => undefined);
      const { data } = await Promise.race([recognized, expired]);
      return tidyOcrText(data.text);
    } catch (error) {
      // The only way to stop a running recognition, and a clean start after an engine error.
      void this.reset();
      throw error;
    } finally {
      clearTimeout(timer);
    }
  }

  private ready(): Promise<Tesseract.Worker> {
    this.worker ??= this.start();
    return this.worker;
  }

  private async start(): Promise<Tesseract.Worker> {
    const started = Date.now();
    const langPath = this.options.languageDir();
    let failStart: (error: Error) => void = () => undefined;
    const failed = new Promise<never>((_, reject) => {
      failStart = reject;
    });
    const options: Partial<Tesseract.WorkerOptions> = {
      langPath,
      cachePath: langPath,
      // Unpacking the models takes a fraction of a second per worker; a cache could be left half written.
      cacheMethod: 'none',
      gzip: true,
      // Without a handler tesseract.js throws engine errors from its message listener, which would
      // be an uncaught exception; with it, they reject the job (and a failed start here).
      errorHandler: (error: unknown) => failStart(new Error(`tesseract: ${String(error)}`)),
    };
    const worker = await Promise.race([Tesseract.createWorker([...OCR_LANGUAGES], Tesseract.OEM.LSTM_ONLY, options, INIT_PARAMETERS), failed]);
    this.options.log.info({ ms: Date.now() - started, languages: OCR_LANGUAGES }, 'OCR worker started');
    return worker;
  }

  /** Drops the worker; it is terminated as soon as it exists (one still starting, once started). */
  private async reset(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    if (!worker) return;
    await worker.then(
      (started) => started.terminate(),
      () => undefined, // a worker that failed to start has nothing to terminate
    );
  }
}
