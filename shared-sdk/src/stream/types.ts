import type { Reference, StreamChunk, ToolCallRecord } from '@qiming/contracts';

export type { StreamChunk, StreamRequestBody, UploadedFile } from '@qiming/contracts';

/** What the stream client needs from the SDK's request client; it knows nothing of tokens or hosts. */
export interface StreamTransport {
  /** Absolute URL for a path like 'backend-api/getStream' (host routing happens here). */
  url(path: string): string;
  /** Fresh headers for one attempt: Authorization bearer, the signed headers type/sec/sec2, content-type. Called again on every retry (signatures are single-use). */
  headers(): Promise<Record<string, string>>;
  fetch?: typeof fetch;
}

/** Conversation ids as they appeared in the stream, normalised to strings. */
export interface ConversationIds {
  convId?: string;
  convGroupId?: string;
  /** The question the answer follows. */
  parentConvId?: string;
}

/** What the chunk completing an answer says: the answer is saved under these ids and billed. */
export interface CompletedAnswer extends ConversationIds {
  title?: string;
  /** The answer's creation time as saved (ISO 8601). */
  createTime?: string;
  offlineDemo: boolean;
}

/** Every handler is optional. A throwing handler is logged and does not break the stream. */
export interface StreamHandlers {
  /** Answer content (type normal). */
  onDelta?(content: string, chunk: StreamChunk): void;
  /** Wait text while the model is busy (type ping). */
  onPing?(waitText: string): void;
  /** Suggested next questions (type follow_up), already split and cleaned. */
  onFollowUps?(list: string[]): void;
  /** The conversation ids, the first time they appear (and again only if they change). */
  onIds?(ids: ConversationIds): void;
  onTitle?(title: string): void;
  /** Thinking text of a reasoning model (delta). */
  onReasoning?(text: string): void;
  /** Web sources of the answer (each call adds to the earlier ones). */
  onReferences?(references: Reference[]): void;
  /** Extensions' tool calls that started or changed (merge them by id into the earlier ones); malformed records are left out. */
  onToolCalls?(calls: ToolCallRecord[]): void;
  /** The answer came from the offline model (离线演示). */
  onOfflineDemo?(): void;
  /**
   * The answer is complete (saved and billed): the end of the answer for the user. The stream may
   * go on a little — a real channel's follow-ups (onFollowUps) come after this — until done.
   */
  onAnswerComplete?(answer: CompletedAnswer): void;
}

export interface StreamOptions {
  signal?: AbortSignal;
  /** Silence (not even a ping) longer than this aborts the connection. Default 600000. */
  heartbeatMs?: number;
  /** Retries of a streaming attempt that failed before the server sent anything. Default 3. */
  retries?: number;
  /** Wait before retry number `attempt` (1-based). Default 500 ms × attempt. */
  retryDelayMs?(attempt: number): number;
  /**
   * After the event that ends the stream (done, a cancel code) the body is read to its end — the
   * server closes it right away — for at most this long, then its reader is cancelled. Default 1000.
   */
  doneGraceMs?: number;
}

export interface ResumeOptions extends StreamOptions {
  /** The sequence number of the last chunk already shown: the server sends only what follows. */
  after?: number;
}

/** Codes an outcome can carry, besides the server's own cancel codes. */
export const STREAM_CODES = {
  /** A network or HTTP failure; with `partial` the generation may still be running: resume it. */
  transport: -1,
  heartbeat: -2,
  unauthorized: 401,
  insufficientCredits: 602,
  reloadConversation: 608,
  cancelled: 699,
  parseError: 700,
} as const;

interface OutcomeBase {
  ids: ConversationIds;
  /** Sequence number of the last chunk read (0 when the server numbers none): pass it to resumeStream as `after`. */
  lastSeq: number;
  title?: string;
  /** HTTP requests made, the plain-request fallback included. */
  attempts: number;
  /** 'plain' when the answer came from the plain-request fallback. */
  mode: 'stream' | 'plain';
}

export type StreamOutcome = OutcomeBase &
  (
    | { status: 'done'; /** The connection closed after content without a done event. */ endedWithoutDone: boolean }
    /** A chunk with a non-zero code (602, 608, 401, 699, 500…), 700 for a malformed chunk, 401 or another 4xx from HTTP. */
    | { status: 'cancelled'; code: number; message: string }
    /** The caller aborted through its signal. */
    | { status: 'aborted'; code: 699 }
    /**
     * -1 transport failure, -2 heartbeat timeout. `partial`: the server had already sent something,
     * so the generation exists server-side and retrying would start a second one: resume it instead.
     */
    | { status: 'error'; code: -1 | -2; message: string; partial: boolean }
  );
