/** spec platform §9: the promo banner changes every 4 s. */
export const ROTATION_MS = 4000;

export interface Rotation {
  /** Stops turning while hovered; the interval starts afresh on resume. */
  pause(): void;
  resume(): void;
  stop(): void;
}

/** Turns through `count` items, calling `onChange(index)` every `intervalMs` (nothing to turn for 0 or 1). */
export function startRotation(count: number, onChange: (index: number) => void, intervalMs = ROTATION_MS): Rotation {
  let index = 0;
  let handle: ReturnType<typeof setInterval> | null = null;
  const run = () => {
    if (handle || count < 2) return;
    handle = setInterval(() => {
      index = (index + 1) % count;
      onChange(index);
    }, intervalMs);
  };
  const halt = () => {
    if (handle) clearInterval(handle);
    handle = null;
  };
  run();
  return { pause: halt, resume: run, stop: halt };
}
