import { UpstreamError, type ChannelConfig, type UpstreamAdapter, type UpstreamEvent, type UpstreamRequest } from './types.js';

export interface ChannelRouterOptions {
  channels: ChannelConfig[];
  /** Builds the adapter of a real channel (called once per channel, on first use). */
  adapterFor(channel: ChannelConfig): UpstreamAdapter;
  /** Answers models no channel serves, and channels of kind 'offline'. */
  offline: UpstreamAdapter;
  /** A web search provider is configured (SEARCH_PROVIDER): the gateway searches before any model answers. */
  webSearchConfigured?: boolean;
  /** How long a channel that failed goes to the back of the line. */
  cooldownMs: number;
  now?: () => number;
  /** Uniform in [0, 1), for the weighted order within a priority. */
  random?: () => number;
  /** Told about every failed attempt (for the log), whether or not another channel is tried. */
  onAttemptFailed?: (channel: ChannelConfig, error: unknown) => void;
}

export interface OpenedStream {
  /** The channel that answered; the offline model's is OFFLINE_CHANNEL. */
  channel: ChannelConfig;
  /** All events of the answer, the first one included. */
  events: AsyncGenerator<UpstreamEvent>;
}

/** The channel config the offline model answers under when no real channel serves a model. */
export const OFFLINE_CHANNEL: ChannelConfig = Object.freeze({ id: 'offline', kind: 'offline', models: ['*'], priority: 0, weight: 1 });

const serves = (channel: ChannelConfig, modelId: string) => channel.models.includes(modelId) || channel.models.includes('*');

/** Before the first event an error may be tried elsewhere unless the upstream said the input (or the configuration) is at fault. */
const allowsFailover = (error: unknown) => !(error instanceof UpstreamError) || error.failover;

/** The rest of a stream whose first event was already read; closing it early closes the adapter's stream. */
async function* resumed(first: UpstreamEvent, iterator: AsyncIterator<UpstreamEvent>): AsyncGenerator<UpstreamEvent> {
  let open = true;
  try {
    yield first;
    for (;;) {
      let next: IteratorResult<UpstreamEvent>;
      try {
        next = await iterator.next();
      } catch (error) {
        open = false;
        throw error;
      }
      if (next.done) {
        open = false;
        return;
      }
      yield next.value;
    }
  } finally {
    if (open) await iterator.return?.();
  }
}

/**
 * Picks the channel for each answer and fails over between channels until the first event: after
 * it the user is reading the answer, so a later failure goes to the caller as it is.
 */
export class ChannelRouter {
  private readonly adapters = new Map<string, UpstreamAdapter>();
  private readonly coolingUntil = new Map<string, number>();
  private readonly now: () => number;
  private readonly random: () => number;

  constructor(private readonly options: ChannelRouterOptions) {
    this.now = options.now ?? Date.now;
    this.random = options.random ?? Math.random;
  }

  /** Whether a real (not offline) channel serves the model; the catalogue marks the others 离线演示. */
  hasRealChannel(modelId: string): boolean {
    return this.options.channels.some((channel) => channel.kind !== 'offline' && serves(channel, modelId));
  }

  /**
   * Whether the web-wide search switch (联网搜索) can work for the model: always when a search
   * provider is configured (the gateway searches and gives the model the results); without one
   * only the offline model imitates a search (labelled example sources, 离线演示) — a real channel
   * would get the bare question, so the switch is unavailable there and nothing is reserved or charged.
   */
  webSearchAvailable(modelId: string): boolean {
    return this.options.webSearchConfigured === true || !this.hasRealChannel(modelId);
  }

  /**
   * The order of attempts: by priority (lower first), weighted random within a priority, channels
   * cooling down after all the others (still tried: a cooled-down channel beats no answer).
   */
  candidates(modelId: string): ChannelConfig[] {
    const serving = this.options.channels.filter((channel) => serves(channel, modelId));
    const priorities = [...new Set(serving.map((channel) => channel.priority))].sort((a, b) => a - b);
    const ordered = priorities.flatMap((priority) => this.weightedOrder(serving.filter((channel) => channel.priority === priority)));
    const now = this.now();
    const cooling = (channel: ChannelConfig) => (this.coolingUntil.get(channel.id) ?? 0) > now;
    return [...ordered.filter((channel) => !cooling(channel)), ...ordered.filter(cooling)];
  }

  /** Draws without replacement, each remaining channel with probability weight / remaining weight. */
  private weightedOrder(group: ChannelConfig[]): ChannelConfig[] {
    const remaining = [...group];
    const order: ChannelConfig[] = [];
    while (remaining.length > 0) {
      const total = remaining.reduce((sum, channel) => sum + channel.weight, 0);
      let point = this.random() * total;
      let index = remaining.findIndex((channel) => (point -= channel.weight) < 0);
      if (index < 0) index = remaining.length - 1; // rounding at the very top of the range
      order.push(...remaining.splice(index, 1));
    }
    return order;
  }

  private adapterOf(channel: ChannelConfig): UpstreamAdapter {
    if (channel.kind === 'offline') return this.options.offline;
    let adapter = this.adapters.get(channel.id);
    if (!adapter) {
      adapter = this.options.adapterFor(channel);
      this.adapters.set(channel.id, adapter);
    }
    return adapter;
  }

  /**
   * Starts the answer on the first channel that produces an event. Throws the error of a refusal
   * that no other channel would change (failover false) at once, the last error when every channel
   * failed, and the signal's reason when `request.signal` aborts before the first event.
   */
  async open(modelId: string, request: Omit<UpstreamRequest, 'model'>): Promise<OpenedStream> {
    const candidates = this.candidates(modelId);
    if (candidates.length === 0) candidates.push(OFFLINE_CHANNEL);
    let lastError: unknown;
    for (const channel of candidates) {
      request.signal.throwIfAborted();
      const iterator = this.adapterOf(channel)
        .stream({ ...request, model: channel.upstreamModels?.[modelId] ?? modelId })
        [Symbol.asyncIterator]();
      let first: IteratorResult<UpstreamEvent>;
      try {
        first = await iterator.next();
      } catch (error) {
        request.signal.throwIfAborted();
        this.options.onAttemptFailed?.(channel, error);
        if (!allowsFailover(error)) throw error;
        this.coolDown(channel);
        lastError = error;
        continue;
      }
      if (first.done) {
        request.signal.throwIfAborted();
        lastError = new UpstreamError(`channel ${channel.id} ended its stream without any event`, { failover: true });
        this.options.onAttemptFailed?.(channel, lastError);
        this.coolDown(channel);
        continue;
      }
      this.coolingUntil.delete(channel.id);
      return { channel, events: resumed(first.value, iterator) };
    }
    throw lastError;
  }

  /**
   * One request on a given channel, without failover or cool-down: a small extra call to the
   * channel that answered (the follow-up suggestions), which may simply fail.
   */
  streamOn(channel: ChannelConfig, modelId: string, request: Omit<UpstreamRequest, 'model'>): AsyncIterable<UpstreamEvent> {
    return this.adapterOf(channel).stream({ ...request, model: channel.upstreamModels?.[modelId] ?? modelId });
  }

  private coolDown(channel: ChannelConfig): void {
    this.coolingUntil.set(channel.id, this.now() + this.options.cooldownMs);
  }
}
