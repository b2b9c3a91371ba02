import { MAX_RECORDING_MS } from '../voice/recorder';

export interface VadOptions {
  /** Voiced time before speech counts as speech (a click, a cough or a door is shorter). */
  confirmMs: number;
  /** Silence that ends an utterance (the brief pause between words is shorter). */
  endSilenceMs: number;
  /** A gap this long during the onset means it was not speech after all. */
  onsetGapMs: number;
  /** How far above the noise floor speech starts. */
  marginDb: number;
  /** How far below the start threshold speech must fall to count as silence (hysteresis). */
  releaseDb: number;
  /** Speech never starts below this level, however quiet the room. */
  minStartDb: number;
  /** An utterance ends here whatever it is (the recording limit). */
  maxSpeechMs: number;
  /** The floor assumed before any sound was heard. */
  initialFloorDb: number;
  /** How slowly the floor rises to a louder background (it falls at once to a quieter one). */
  floorRiseMs: number;
}

export const VAD_DEFAULTS: VadOptions = {
  confirmMs: 250,
  endSilenceMs: 900,
  onsetGapMs: 150,
  marginDb: 14,
  releaseDb: 6,
  minStartDb: -50,
  maxSpeechMs: MAX_RECORDING_MS,
  initialFloorDb: -60,
  floorRiseMs: 2000,
};

export type VadState = 'quiet' | 'onset' | 'speech';

export type VadEvent =
  /** Speech is confirmed; it began `sinceMs` ago (include that much audio, and some before it). */
  | { type: 'start'; sinceMs: number }
  /** The utterance ended: `speechMs` long, the last `trailingMs` of it silence. */
  | { type: 'end'; speechMs: number; trailingMs: number; reason: 'silence' | 'maxLength' };

/** Levels are dBFS of a frame's RMS; digital silence is -Infinity and counts as this. */
const FLOOR_LIMITS = { min: -100, max: -20 };

/** A frame's RMS level in dBFS (-100 for silence). */
export function levelDb(samples: Float32Array): number {
  let sum = 0;
  for (const sample of samples) sum += sample * sample;
  const rms = Math.sqrt(sum / Math.max(1, samples.length));
  return rms > 0 ? Math.max(FLOOR_LIMITS.min, 20 * Math.log10(rms)) : FLOOR_LIMITS.min;
}

/**
 * Voice-activity detection on frame energy with an adaptive noise floor: quiet → onset (louder
 * than the floor by `marginDb`) → speech once voiced for `confirmMs` → quiet again after
 * `endSilenceMs` below the release threshold. The floor follows the background only while no one
 * speaks: down at once, up slowly, so a fan or a street is learnt and a voice is not. `suppress`
 * keeps speech from starting for a while (the answer's audio just started; echo cancellation
 * needs a moment to adapt to it).
 */
export class VoiceActivityDetector {
  state: VadState = 'quiet';
  floorDb: number;
  private readonly options: VadOptions;
  private onsetMs = 0;
  private voicedMs = 0;
  private gapMs = 0;
  private speechMs = 0;
  private silentMs = 0;
  private suppressedMs = 0;

  constructor(options: Partial<VadOptions> = {}) {
    this.options = { ...VAD_DEFAULTS, ...options };
    this.floorDb = this.options.initialFloorDb;
  }

  get startDb(): number {
    return Math.max(this.floorDb + this.options.marginDb, this.options.minStartDb);
  }

  get releaseDb(): number {
    return this.startDb - this.options.releaseDb;
  }

  /** No speech starts for the next `ms` (an utterance already under way goes on). */
  suppress(ms: number): void {
    this.suppressedMs = Math.max(this.suppressedMs, ms);
    if (this.state === 'onset') this.toQuiet();
  }

  /** Back to quiet, the floor kept (an utterance was handled another way, or listening stopped). */
  reset(): void {
    this.toQuiet();
    this.speechMs = 0;
    this.silentMs = 0;
  }

  /** One frame of `ms` at `level` dBFS; the event it completes, if any. */
  frame(level: number, ms: number): VadEvent | null {
    const db = Math.max(FLOOR_LIMITS.min, Number.isFinite(level) ? level : FLOOR_LIMITS.min);
    if (this.suppressedMs > 0 && this.state !== 'speech') {
      this.suppressedMs = Math.max(0, this.suppressedMs - ms);
      this.learnFloor(db, ms);
      return null;
    }
    this.suppressedMs = Math.max(0, this.suppressedMs - ms);
    if (this.state === 'speech') return this.inSpeech(db, ms);
    if (this.state === 'quiet') {
      if (db >= this.startDb) {
        this.state = 'onset';
        this.onsetMs = ms;
        this.voicedMs = ms;
        this.gapMs = 0;
      } else {
        this.learnFloor(db, ms);
      }
      return null;
    }
    // onset
    this.onsetMs += ms;
    if (db >= this.releaseDb) {
      this.voicedMs += ms;
      this.gapMs = 0;
    } else if ((this.gapMs += ms) >= this.options.onsetGapMs) {
      this.toQuiet();
      this.learnFloor(db, ms);
      return null;
    }
    if (this.voicedMs < this.options.confirmMs) return null;
    this.state = 'speech';
    this.speechMs = this.onsetMs;
    this.silentMs = 0;
    return { type: 'start', sinceMs: this.onsetMs };
  }

  private inSpeech(db: number, ms: number): VadEvent | null {
    this.speechMs += ms;
    this.silentMs = db < this.releaseDb ? this.silentMs + ms : 0;
    const reason = this.silentMs >= this.options.endSilenceMs ? 'silence' : this.speechMs >= this.options.maxSpeechMs ? 'maxLength' : null;
    if (!reason) return null;
    const event: VadEvent = { type: 'end', speechMs: this.speechMs, trailingMs: this.silentMs, reason };
    this.reset();
    return event;
  }

  private toQuiet(): void {
    this.state = 'quiet';
    this.onsetMs = 0;
    this.voicedMs = 0;
    this.gapMs = 0;
  }

  private learnFloor(db: number, ms: number): void {
    const rate = db < this.floorDb ? 0.5 : Math.min(1, ms / this.options.floorRiseMs);
    this.floorDb = Math.min(FLOOR_LIMITS.max, Math.max(FLOOR_LIMITS.min, this.floorDb + (db - this.floorDb) * rate));
  }
}
