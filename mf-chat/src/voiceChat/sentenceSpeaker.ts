/** How the spoken answer ended. */
export type SpeakerEnd = { kind: 'finished' } | { kind: 'stopped' } | { kind: 'failed'; error: unknown };

export interface SpeakerDeps {
  /** The sentence as audio (generateSpeech with the user's voice and speed). */
  synthesize(text: string): Promise<Blob>;
  /** Plays the audio; resolves when it played to its end or was stopped, rejects when it cannot play. */
  play(audio: Blob): Promise<void>;
  /** Stops what play() is playing (its promise resolves). */
  stopPlayback(): void;
  /** Sentence `index` starts playing. */
  onSentence?(index: number, text: string): void;
}

/**
 * Requests in flight at once across every answer of the page: the offline voice takes two of one
 * user's at a time (SPEECH_LOCAL_PER_USER), and a request of an interrupted answer keeps its
 * place until the server finishes it, so the next answer's first sentence waits rather than be refused.
 */
export function createSlots(capacity: number) {
  let used = 0;
  const waiting: Array<() => void> = [];
  return {
    async run<T>(work: () => Promise<T>): Promise<T> {
      if (used >= capacity) await new Promise<void>((resolve) => waiting.push(resolve));
      else used++;
      try {
        return await work();
      } finally {
        const next = waiting.shift();
        if (next) next();
        else used--;
      }
    },
  };
}

export type Slots = ReturnType<typeof createSlots>;

export const speechSlots = createSlots(2);

interface Entry {
  text: string;
  audio: Promise<Blob> | null;
}

/**
 * Speaks an answer sentence by sentence as the sentences arrive: each is synthesized while the
 * one before plays (one ahead, not more, so an interrupted answer has not asked for sentences no
 * one will hear) and played in order. `stop` ends it at once; a synthesis or playback failure ends
 * it too (the text is still shown).
 */
export class SentenceSpeaker {
  readonly done: Promise<SpeakerEnd>;
  private readonly entries: Entry[] = [];
  private ended = false;
  private stopped = false;
  private wake: (() => void) | null = null;
  private finish!: (end: SpeakerEnd) => void;
  /** The sentence playing or next to play. */
  private playing = 0;
  private readonly stoppedSignal: Promise<void>;
  private signalStop!: () => void;

  constructor(
    private readonly deps: SpeakerDeps,
    private readonly slots: Slots = speechSlots,
  ) {
    this.done = new Promise((resolve) => (this.finish = resolve));
    this.stoppedSignal = new Promise((resolve) => (this.signalStop = resolve));
    void this.run();
  }

  /** A sentence to speak after the ones before. */
  add(text: string): void {
    if (this.ended || this.stopped) return;
    this.entries.push({ text, audio: null });
    this.fetch(this.entries.length - 1);
    this.wake?.();
  }

  /** No more sentences: `done` resolves once the last one played. */
  end(): void {
    this.ended = true;
    this.wake?.();
  }

  stop(): void {
    if (this.stopped) return;
    this.stopped = true;
    this.deps.stopPlayback();
    this.signalStop();
    this.wake?.();
  }

  get isStopped(): boolean {
    return this.stopped;
  }

  /** Asks for sentence `index` when it is the next to play or the one after it. */
  private fetch(index: number): void {
    const entry = this.entries[index];
    if (!entry || entry.audio || index > this.playing + 1) return;
    entry.audio = this.slots.run(() => (this.stopped ? Promise.reject(new Error('stopped')) : this.deps.synthesize(entry.text)));
    // a failure is met when its turn to play comes (or never, when stopped before)
    entry.audio.catch(() => undefined);
  }

  private async run(): Promise<void> {
    try {
      for (this.playing = 0; ; this.playing++) {
        while (!this.stopped && this.playing >= this.entries.length && !this.ended) await new Promise<void>((resolve) => (this.wake = resolve));
        this.wake = null;
        if (this.stopped) return this.finish({ kind: 'stopped' });
        if (this.playing >= this.entries.length) return this.finish({ kind: 'finished' });
        this.fetch(this.playing);
        this.fetch(this.playing + 1);
        const audio = await Promise.race([this.entries[this.playing]!.audio!, this.stoppedSignal]);
        if (this.stopped || !audio) return this.finish({ kind: 'stopped' });
        this.deps.onSentence?.(this.playing, this.entries[this.playing]!.text);
        await this.deps.play(audio);
        if (this.stopped) return this.finish({ kind: 'stopped' });
      }
    } catch (error) {
      const wasStopped = this.stopped;
      this.stopped = true;
      this.deps.stopPlayback();
      this.finish(wasStopped ? { kind: 'stopped' } : { kind: 'failed', error });
    }
  }
}
