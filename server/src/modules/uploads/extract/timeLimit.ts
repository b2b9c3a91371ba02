/** Thrown when work outlived its time limit. */
export class TimeLimitExceeded extends Error {
  constructor(readonly ms: number) {
    super(`time limit of ${ms} ms exceeded`);
    this.name = 'TimeLimitExceeded';
  }
}

/**
 * Runs `work` and rejects with TimeLimitExceeded after `ms`. The signal aborts then, so work that
 * can be cancelled (a PDF document, an OCR worker) is torn down; work that cannot goes on unseen.
 */
export async function withTimeLimit<T>(ms: number, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new TimeLimitExceeded(ms));
    }, ms);
  });
  try {
    return await Promise.race([work(controller.signal), expired]);
  } finally {
    clearTimeout(timer);
  }
}
