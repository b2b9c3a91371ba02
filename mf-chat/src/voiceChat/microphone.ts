import { MAX_RECORDING_MS } from '../voice/recorder';
import { levelDb, VoiceActivityDetector } from './vad';
import { encodeWav, joinFrames, resample } from './wav';

/** Audio kept from before speech was noticed, so the first syllable is not cut off. */
export const PREROLL_MS = 300;
/** Silence kept after the last word. */
const TAIL_MS = 300;
/** A press of the talk button shorter than this is a tap, not speech. */
export const MIN_HOLD_MS = 400;
/** How much audio is kept before a recording starts: the VAD's confirmation time and the pre-roll, with room. */
const RING_MS = 1500;
/** Samples per frame: about 21 ms at 48 kHz. */
const FRAME_SIZE = 1024;
const LEVEL_EVERY_MS = 100;

export interface Utterance {
  audio: Blob;
  ms: number;
}

export interface MicrophoneHandlers {
  /** Hands-free: someone started speaking; true records the utterance. */
  onSpeechStart(): boolean;
  /** Hands-free: the utterance recorded since onSpeechStart, at its end. */
  onUtterance(utterance: Utterance): void;
  /** About ten times a second: the level (dBFS) and whether speech is being heard. */
  onLevel?(db: number, speaking: boolean): void;
  /** The device went away (unplugged, permission revoked). */
  onEnded?(): void;
}

/** What the voice page needs of a microphone (a fake one in tests). */
export interface MicrophoneLike {
  setHandsFree(on: boolean): void;
  /** No speech starts for `ms` (the answer's audio just started). */
  suppress(ms: number): void;
  /** Hold-to-talk: start recording, with the pre-roll. */
  beginHold(): void;
  /** Hold-to-talk released: the recording, or null when it was shorter than MIN_HOLD_MS. */
  endHold(): Utterance | null;
  close(): void;
}

/**
 * The open microphone: echo-cancelled PCM from Web Audio, a ring of the last 1.5 s, and the VAD fed
 * every frame. Utterances are cut from the PCM itself (WAV, 16 kHz mono): a compressed
 * MediaRecorder stream cannot be cut where speech began, so it would lose the first syllable or
 * carry all the silence before it.
 */
export class Microphone implements MicrophoneLike {
  private readonly vad = new VoiceActivityDetector();
  private readonly ring: Float32Array[] = [];
  private ringMs = 0;
  private segment: Float32Array[] | null = null;
  private segmentMs = 0;
  private handsFree = false;
  private sinceLevel = 0;
  private closed = false;

  private constructor(
    private readonly stream: MediaStream,
    private readonly context: AudioContext,
    private readonly nodes: AudioNode[],
    private readonly handlers: MicrophoneHandlers,
  ) {}

  /** Opens the microphone; rejects with getUserMedia's error (micErrors.ts says what it means). */
  static async open(handlers: MicrophoneHandlers): Promise<Microphone> {
    if (!navigator.mediaDevices?.getUserMedia) throw new Error('getUserMedia unavailable');
    const stream = await navigator.mediaDevices.getUserMedia({ audio: { echoCancellation: true, noiseSuppression: true, autoGainControl: true, channelCount: 1 } });
    const context = new AudioContext();
    try {
      if (context.state === 'suspended') await context.resume();
      const source = context.createMediaStreamSource(stream);
      // ScriptProcessor rather than an AudioWorklet: a worklet is a module file of its own, which
      // the CSP's script-src and the area's versioned public path would both have to serve; a
      // 1024-sample callback on the main thread costs next to nothing.
      const processor = context.createScriptProcessor(FRAME_SIZE, 1, 1);
      const mute = context.createGain();
      mute.gain.value = 0;
      source.connect(processor);
      processor.connect(mute);
      mute.connect(context.destination);
      const microphone = new Microphone(stream, context, [source, processor, mute], handlers);
      processor.onaudioprocess = (event) => microphone.frame(new Float32Array(event.inputBuffer.getChannelData(0)));
      for (const track of stream.getAudioTracks()) track.onended = () => !microphone.closed && handlers.onEnded?.();
      return microphone;
    } catch (error) {
      for (const track of stream.getTracks()) track.stop();
      void context.close();
      throw error;
    }
  }

  setHandsFree(on: boolean): void {
    this.handsFree = on;
    this.vad.reset();
    if (!on) this.segment = null;
  }

  suppress(ms: number): void {
    this.vad.suppress(ms);
  }

  beginHold(): void {
    this.segment = this.recent(PREROLL_MS);
    this.segmentMs = PREROLL_MS;
  }

  endHold(): Utterance | null {
    const spoken = this.segmentMs - PREROLL_MS;
    const utterance = this.segment && spoken >= MIN_HOLD_MS ? this.utterance(this.segment, this.segmentMs) : null;
    this.segment = null;
    return utterance;
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.segment = null;
    for (const node of this.nodes) node.disconnect();
    for (const track of this.stream.getTracks()) track.stop();
    void this.context.close();
  }

  private frame(samples: Float32Array): void {
    if (this.closed) return;
    const ms = (samples.length / this.context.sampleRate) * 1000;
    this.ring.push(samples);
    this.ringMs += ms;
    while (this.ringMs - (this.ring[0]!.length / this.context.sampleRate) * 1000 >= RING_MS) this.ringMs -= (this.ring.shift()!.length / this.context.sampleRate) * 1000;
    const db = levelDb(samples);
    if (this.segment) {
      this.segment.push(samples);
      this.segmentMs += ms;
    }
    if (this.handsFree) this.detect(db, ms);
    else if (this.segment && this.segmentMs >= MAX_RECORDING_MS) this.handlers.onUtterance(this.endHold()!);
    if ((this.sinceLevel += ms) >= LEVEL_EVERY_MS) {
      this.sinceLevel = 0;
      this.handlers.onLevel?.(db, this.segment !== null);
    }
  }

  private detect(db: number, ms: number): void {
    const event = this.vad.frame(db, ms);
    if (event?.type === 'start' && !this.segment && this.handlers.onSpeechStart()) {
      this.segment = this.recent(event.sinceMs + PREROLL_MS);
      this.segmentMs = event.sinceMs + PREROLL_MS;
    }
    if (event?.type === 'end' && this.segment) {
      const segment = this.segment;
      this.segment = null;
      // the silence that ended it is not sent, beyond a short tail
      const keepMs = this.segmentMs - Math.max(0, event.trailingMs - TAIL_MS);
      this.handlers.onUtterance(this.utterance(segment, keepMs));
    }
  }

  /** The frames of the last `ms` (or all the ring holds). */
  private recent(ms: number): Float32Array[] {
    const frames: Float32Array[] = [];
    let total = 0;
    for (let i = this.ring.length - 1; i >= 0 && total < ms; i--) {
      frames.unshift(this.ring[i]!);
      total += (this.ring[i]!.length / this.context.sampleRate) * 1000;
    }
    return frames;
  }

  private utterance(frames: Float32Array[], keepMs: number): Utterance {
    const rate = this.context.sampleRate;
    const pcm = joinFrames(frames);
    const kept = pcm.subarray(0, Math.min(pcm.length, Math.round((keepMs / 1000) * rate)));
    return { audio: new Blob([encodeWav(resample(kept, rate))], { type: 'audio/wav' }), ms: (kept.length / rate) * 1000 };
  }
}
