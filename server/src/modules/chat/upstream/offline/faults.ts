/**
 * Fault modes of the offline model, for tests, e2e and benchmarks of the gateway's failure paths.
 * Chosen by a marker anywhere in the last user message (so the real UI can trigger them) or by the
 * model's configured default.
 */
export const FAULT_MODES = [
  /** The first event comes after a long delay (OfflineModelOptions.slowFirstTokenMs). */
  'slow-first-token',
  /** UpstreamError (no failover) before any event. */
  'error-before-output',
  /** UpstreamError after about half of the content. */
  'error-mid-stream',
  /** After about half of the content nothing more is sent until the request is aborted. */
  'stall',
  /** One malformedChunk event after about half of the content, then the answer goes on. */
  'malformed-chunk',
] as const;

export type FaultMode = (typeof FAULT_MODES)[number];

export const faultMarker = (mode: FaultMode) => `[[fault:${mode}]]`;

/** Every marker, e.g. `[[fault:stall]]`. */
export const FAULT_MARKERS: readonly string[] = FAULT_MODES.map(faultMarker);

const MARKER_PATTERN = /\[\[fault:([a-z-]+)\]\]/gi;

const isFaultMode = (name: string): name is FaultMode => (FAULT_MODES as readonly string[]).includes(name);

/** The mode of the first known marker in the text. */
export function faultIn(text: string): FaultMode | undefined {
  for (const match of text.matchAll(MARKER_PATTERN)) {
    const name = match[1]!.toLowerCase();
    if (isFaultMode(name)) return name;
  }
  return undefined;
}

/** The text without any fault marker (unknown modes too: they are never meant for the answer). */
export function withoutFaultMarkers(text: string): string {
  return text.replace(MARKER_PATTERN, ' ');
}
