import { STREAM_CODES, type StreamOutcome } from '@qiming/sdk';
import { t } from '../i18n';

/** What the page shows at the end of the conversation besides the saved messages. */
/** `agentMissing`: /chatPage/g-<code> (or ?model=, or a history item) named an agent that does not exist or is hidden (the default model is open instead). */
/** `conversationMissing`: the URL named a conversation that is not there or not the user's; `signInToOpen`: it named one while signed out. */
export type Notice =
  | { kind: 'error'; message: string }
  | { kind: 'integralNotEnough' }
  | { kind: 'noLogin' }
  | { kind: 'agentMissing'; code: string }
  | { kind: 'conversationMissing' }
  | { kind: 'signInToOpen' }
  | null;

/** What the chat does once a generation's stream has ended (spec chat §4 "Stream cancel codes"). */
export type OutcomePlan =
  /** The generation exists on the server (output had arrived): follow it instead of starting another. */
  | { kind: 'resume'; convId: string; after: number }
  /** Done or stopped: the saved answer replaces the live one in one render. */
  | { kind: 'saved' }
  /** 401: refresh the session and generate again (`refresh`), else keep the text and go to login. */
  | { kind: 'signIn'; refresh: boolean }
  /** Read the conversation again, then what the code asks for. */
  | { kind: 'reload'; notice: Notice; warn?: string; regenerate?: boolean };

type CancelRule = (retried: boolean) => OutcomePlan;

/** The server's cancel codes the chat treats on its own; any other shows the server's message. */
const CANCEL_RULES: Partial<Record<number, CancelRule>> = {
  // Stopped by the user (or another tab): nothing to say.
  [STREAM_CODES.cancelled]: () => ({ kind: 'reload', notice: null }),
  // The conversation changed under the request: read it again and generate once more.
  [STREAM_CODES.reloadConversation]: (retried) => ({ kind: 'reload', notice: null, regenerate: !retried }),
  // The warning here, the 当前积分不足 notice from the SDK's chat client (points:insufficient); the pay
  // dialog only when the user asks for it there or on the entry (one dialog at a time, no order unasked).
  [STREAM_CODES.insufficientCredits]: () => ({ kind: 'reload', notice: { kind: 'integralNotEnough' }, warn: t('chat.pointsLow') }),
  [STREAM_CODES.unauthorized]: (retried) => ({ kind: 'signIn', refresh: !retried }),
};

/**
 * The plan for one outcome. `retried`: this generation is already a second try (or a resume), so a
 * code that asks for another try gets none. `liveConvId`: the answer's id, once the stream named it.
 */
export function planOutcome(outcome: StreamOutcome, retried: boolean, liveConvId: string | null): OutcomePlan {
  // After output, a resume without new chunks to ask for would replay the same failure.
  if (outcome.status === 'error' && outcome.partial && liveConvId && (!retried || outcome.lastSeq > 0)) {
    return { kind: 'resume', convId: liveConvId, after: outcome.lastSeq };
  }
  if (outcome.status === 'done' || outcome.status === 'aborted') return { kind: 'saved' };
  if (outcome.status === 'error') return { kind: 'reload', notice: { kind: 'error', message: t('chat.failedReply') } };
  const rule = CANCEL_RULES[outcome.code];
  return rule ? rule(retried) : { kind: 'reload', notice: { kind: 'error', message: outcome.message || t('chat.failedReply') } };
}
