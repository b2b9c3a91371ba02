// What in-page.js puts on window.__bench (times are the page's performance.now(), in ms).

export interface RenderWatch {
  /** First frame that draws the answer's closing sentence in view. */
  finalTextAt: number | null;
  /** Last frame in which the messages box changed. */
  lastFrameAt: number | null;
  /** Last frame in which an answer's markdown changed (its text, an enhancement, a remount). */
  answerChangedAt: number | null;
  /** First frame showing the composer's stop button, and the first one after it without it. */
  stopShownAt: number | null;
  stopGoneAt: number | null;
}

/** How the getStream exchange ended, as the page saw it. */
export interface StreamEnd {
  /** Arrival of the chunk completing the answer (`answerComplete`, or the titled final chunk before that mark existed). */
  answerCompleteAt: number | null;
  followUpAt: number | null;
  /** Arrival of `event: done`. */
  doneAt: number | null;
  /** ended: the server closed the body and the app read it to the end; cancelled: the app cancelled its reader; failed: the body broke off (an abort). */
  bodyEnd: 'ended' | 'cancelled' | 'failed' | null;
  bodyEndAt: number | null;
  /** The app aborted the request's signal (an ERR_ABORTED in the network log unless the body had already ended). */
  abortedAt: number | null;
}

export interface OpenTimes {
  /** The click's event time; 0 (navigation start) for a reload. */
  clickAt: number;
  visibleAt: number;
  /** When the conversation's response ended (resource timing), if the page fetched one. */
  treeResponseEnd: number | null;
  treeBytes: number | null;
}

export interface InPageState {
  contentTimes: number[];
  /** startTime of the bench:first-content mark, which ties a trace's clock to performance.now(). */
  firstContentMark: number | null;
  streamEndedAt: number | null;
  longTasks: Array<{ start: number; duration: number }>;
  render: RenderWatch | null;
  stream: StreamEnd;
}

export interface InPageBench {
  state: InPageState;
  watchRender(closing: string): void;
  /** Resolves with streamEndedAt once the getStream body has ended, failed or been cancelled. */
  whenStreamEnds(): Promise<number>;
  watchOpen(closing: string): void;
  /** The next page load (a reload) waits from its navigation start for `closing` (null: the composer of a new chat); whenVisible() there. */
  watchReload(closing: string | null): void;
  whenVisible(): Promise<OpenTimes>;
  quiet(quietMs: number, maxMs: number): Promise<{ quiet: boolean; lastChangeAt: number }>;
  serviceWorkerSettled(maxMs: number): Promise<boolean>;
  shows(text: string): boolean;
  messageNodes(): number;
}

declare global {
  interface Window {
    __bench: InPageBench;
  }
}
