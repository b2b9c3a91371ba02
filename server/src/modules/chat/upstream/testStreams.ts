import type { UpstreamEvent, UpstreamRequest } from './types.js';
import { UpstreamError } from './types.js';

/** Test helpers shared by the adapter and router tests. */

export function chatRequest(overrides: Partial<UpstreamRequest> = {}): UpstreamRequest {
  return {
    model: 'gpt-4o',
    catalogueModel: 'gpt-4o',
    messages: [
      { role: 'system', content: '你是一个乐于助人的助手。' },
      { role: 'user', content: '你好' },
    ],
    think: false,
    webSearch: false,
    maxOutputTokens: 4000,
    signal: new AbortController().signal,
    ...overrides,
  };
}

export async function collect(stream: AsyncIterable<UpstreamEvent>): Promise<UpstreamEvent[]> {
  const events: UpstreamEvent[] = [];
  for await (const event of stream) events.push(event);
  return events;
}

/** The events before the stream failed, and the UpstreamError it failed with (a test failure when it did not fail so). */
export async function collectFailure(stream: AsyncIterable<UpstreamEvent>): Promise<{ events: UpstreamEvent[]; error: UpstreamError }> {
  const events: UpstreamEvent[] = [];
  try {
    for await (const event of stream) events.push(event);
  } catch (error) {
    if (error instanceof UpstreamError) return { events, error };
    throw error;
  }
  throw new Error(`expected an UpstreamError, the stream ended normally after ${JSON.stringify(events)}`);
}

export const textOf = (events: UpstreamEvent[], type: 'content' | 'reasoning') =>
  events.map((event) => (event.type === type ? event.text : '')).join('');
