/** spec chat §4/§9: a conversion step gives up after 3 s (and the source stays shown). */
export const CONVERSION_TIMEOUT_MS = 3000;

export function withTimeout<T>(work: Promise<T>, ms = CONVERSION_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`超过 ${ms / 1000} 秒未完成`)), ms);
    work.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}
