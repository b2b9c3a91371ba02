import { countPromptTokens, countTokens } from './tokens.js';
import type { UpstreamEvent, UpstreamRequest } from './types.js';

type UsageEvent = Extract<UpstreamEvent, { type: 'usage' }>;

/**
 * Puts an adapter's usage events in order. The upstream's totals pass through as they change,
 * but never ahead of the first other event: the router fails over only until the first event, and
 * an upstream that reports usage and then fails (Anthropic's in-stream overload error) must still
 * be failed over. When the source ends, the latest totals come last; an upstream that reported
 * none gets a count of the prompt and of everything the model produced. After an abort nothing
 * more comes: the caller stopped listening, and knows what it received.
 */
export async function* withUsage(source: AsyncIterable<UpstreamEvent>, request: Pick<UpstreamRequest, 'messages' | 'signal'>): AsyncGenerator<UpstreamEvent> {
  let produced = '';
  const toolCalls = new Map<number, string>();
  let reported: UsageEvent | undefined;
  let sent: UsageEvent | undefined;
  let answering = false;
  const unsent = () => reported !== undefined && (sent === undefined || sent.inputTokens !== reported.inputTokens || sent.outputTokens !== reported.outputTokens);

  for await (const event of source) {
    if (event.type === 'usage') {
      reported = event;
      if (answering && unsent()) yield (sent = reported);
      continue;
    }
    if (event.type === 'content' || event.type === 'reasoning') produced += event.text;
    if (event.type === 'toolCall') toolCalls.set(event.index, event.name + event.arguments);
    answering = true;
    yield event;
  }

  if (request.signal.aborted) return;
  if (reported === undefined) {
    const output = produced + [...toolCalls.values()].join('');
    yield { type: 'usage', inputTokens: countPromptTokens(request.messages), outputTokens: countTokens(output) };
  } else if (unsent()) {
    yield reported;
  }
}
