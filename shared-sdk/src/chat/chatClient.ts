import type { ApiEnvelope, ModelCatalogue, StopResult, StreamRequestBody } from '@qiming/contracts';
import { resumeStream, streamChat, STREAM_CODES, type ResumeOptions, type StreamHandlers, type StreamOptions, type StreamOutcome, type StreamTransport } from '../stream';

/** What the chat client needs from the rest of the SDK. */
export interface ChatClientDeps {
  /** Stream host, signed headers and bearer, fresh for each call (request.streamTarget). */
  streamTarget(): Promise<StreamTransport>;
  /** The signed GET of the request client: null when the client refuses to call (devtools detected). */
  get<T>(path: string, params?: Record<string, unknown>): Promise<ApiEnvelope<T> | null>;
  /** Re-reads the balance (points.refresh). */
  refreshPoints(): Promise<void>;
  /** The stream ended with 602: the host shows its notice (points:insufficient). */
  onInsufficientPoints(message: string): void;
}

/**
 * The chat calls with the product's rules around them: the balance is refreshed once per
 * generation — when the answer completes (the server settles before that chunk; follow-ups may
 * still come), else when the stream ends — and a 602 reaches the host's notice.
 */
export function createChatClient(deps: ChatClientDeps) {
  /** Runs one stream with the balance refreshed once, at the answer's completion or at the end. */
  const generation = async (run: (handlers: StreamHandlers) => Promise<StreamOutcome>, handlers: StreamHandlers = {}): Promise<StreamOutcome> => {
    let refreshed = false;
    const refreshOnce = () => {
      if (!refreshed) void deps.refreshPoints();
      refreshed = true;
    };
    const outcome = await run({
      ...handlers,
      onAnswerComplete: (answer) => {
        refreshOnce();
        handlers.onAnswerComplete?.(answer);
      },
    });
    if (outcome.status === 'cancelled' && outcome.code === STREAM_CODES.insufficientCredits) deps.onInsufficientPoints(outcome.message);
    refreshOnce();
    return outcome;
  };

  return {
    /** Sends a message and streams the answer (POST backend-api/getStream). */
    async send(body: Omit<StreamRequestBody, 'stream'>, handlers?: StreamHandlers, options?: StreamOptions): Promise<StreamOutcome> {
      const transport = await deps.streamTarget();
      return generation((wrapped) => streamChat(transport, { ...body, stream: true }, wrapped, options), handlers);
    },
    /** Re-attaches to a running generation, from the chunk after `options.after`. */
    async resume(convId: string, handlers?: StreamHandlers, options?: ResumeOptions): Promise<StreamOutcome> {
      const transport = await deps.streamTarget();
      return generation((wrapped) => resumeStream(transport, convId, wrapped, options), handlers);
    },
    /** Whether the generation of answer `chatId` is still running. */
    async isRunning(chatId: string): Promise<boolean> {
      return (await deps.get<boolean>('backend-api/checkChatId', { chatId }))?.data === true;
    },
    /** Stops the generation; the partial answer is kept and charged per the points policy. */
    async stop(chatId: string): Promise<StopResult> {
      const answer = await deps.get<StopResult>('backend-api/stopChatId', { chatId });
      void deps.refreshPoints();
      return answer?.data ?? { stopped: false };
    },
    /** The model catalogue the server serves (prices, groups, the three id lists). */
    async models(): Promise<ModelCatalogue> {
      const answer = await deps.get<ModelCatalogue>('backend-api/getModelOptions');
      if (!answer) throw new Error('the request client is disabled');
      return answer.data;
    },
  };
}

export type ChatClient = ReturnType<typeof createChatClient>;
