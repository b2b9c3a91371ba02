import { levelDb, VoiceActivityDetector, type VadEvent } from './vad';

const FRAME_MS = 20;

/** Feeds `ms` of frames at `db` (a number, or one per frame index) and returns the events with the time each came at. */
function feed(vad: VadDetectorClock, ms: number, db: number | ((i: number) => number)): Array<VadEvent & { at: number }> {
  const events: Array<VadEvent & { at: number }> = [];
  for (let i = 0; i < ms / FRAME_MS; i++) {
    vad.now += FRAME_MS;
    const event = vad.detector.frame(typeof db === 'number' ? db : db(i), FRAME_MS);
    if (event) events.push({ ...event, at: vad.now });
  }
  return events;
}

interface VadDetectorClock {
  detector: VoiceActivityDetector;
  now: number;
}
const vadAt = (detector = new VoiceActivityDetector()): VadDetectorClock => ({ detector, now: 0 });

describe('voice-activity detection', () => {
  it('measures a frame in dBFS', () => {
    expect(levelDb(new Float32Array(480).fill(0))).toBe(-100);
    expect(levelDb(new Float32Array(480).fill(0.5))).toBeCloseTo(-6.02, 1);
    expect(levelDb(new Float32Array(480).fill(0.01))).toBeCloseTo(-40, 1);
  });

  it('starts once speech lasted 250 ms, and ends after 0.9 s of silence', () => {
    const vad = vadAt();
    expect(feed(vad, 1000, -65)).toEqual([]);
    const start = feed(vad, 1500, -25);
    expect(start).toEqual([{ type: 'start', sinceMs: 260, at: 1260 }]);
    expect(vad.detector.state).toBe('speech');
    // short pauses between words do not end it
    expect(feed(vad, 500, -65)).toEqual([]);
    expect(feed(vad, 500, -25)).toEqual([]);
    // 1500 ms of speech from the onset, 500 silent, 500 more, then 900 ms of silence end it
    expect(feed(vad, 1500, -65)).toEqual([{ type: 'end', reason: 'silence', speechMs: 1500 + 500 + 500 + 900, trailingMs: 900, at: 3500 + 900 }]);
    expect(vad.detector.state).toBe('quiet');
  });

  it('ignores clicks and coughs shorter than the confirmation time', () => {
    const vad = vadAt();
    feed(vad, 1000, -65);
    expect(feed(vad, 200, -20)).toEqual([]);
    expect(feed(vad, 400, -65)).toEqual([]);
    expect(vad.detector.state).toBe('quiet');
    // a lone loud frame now and then never adds up to speech
    expect(feed(vad, 3000, (i) => (i % 10 === 0 ? -20 : -65))).toEqual([]);
  });

  it('learns a louder background and needs speech above it; learns a quieter one at once', () => {
    const vad = vadAt();
    // a fan comes on slowly (5 dB a second): the floor follows it while no one speaks, so it never counts as speech
    expect(feed(vad, 6000, (i) => -65 + Math.min(25, i * 0.1))).toEqual([]);
    expect(feed(vad, 3000, -40)).toEqual([]);
    expect(vad.detector.floorDb).toBeGreaterThan(-42);
    // a voice well above the fan is heard
    expect(feed(vad, 400, -18).map((e) => e.type)).toEqual(['start']);
    // and ends when only the fan is left
    expect(feed(vad, 1000, -40).map((e) => e.type)).toEqual(['end']);
    // the fan stops: the floor drops at once and quiet speech is heard again
    feed(vad, 300, -70);
    expect(vad.detector.floorDb).toBeLessThan(-65);
    expect(feed(vad, 400, -40).map((e) => e.type)).toEqual(['start']);
  });

  it('never starts below the minimum level, however quiet the room', () => {
    const vad = vadAt();
    feed(vad, 2000, -100);
    expect(vad.detector.startDb).toBe(-50);
    expect(feed(vad, 1000, -55)).toEqual([]);
  });

  it('does not start while suppressed (the answer just started playing), then does', () => {
    const vad = vadAt();
    feed(vad, 1000, -65);
    vad.detector.suppress(600);
    expect(feed(vad, 500, -25)).toEqual([]);
    expect(vad.detector.state).toBe('quiet');
    // the suppression ran out while the voice went on: it is heard from then on
    const events = feed(vad, 600, -25);
    expect(events.map((e) => e.type)).toEqual(['start']);
    expect(events[0]!.at).toBe(1000 + 600 + 260);
  });

  it('ends an utterance at the recording limit', () => {
    const vad = vadAt(new VoiceActivityDetector({ maxSpeechMs: 3000 }));
    feed(vad, 500, -65);
    const events = feed(vad, 3200, -20);
    expect(events.map((e) => [e.type, e.type === 'end' ? e.reason : null])).toEqual([
      ['start', null],
      ['end', 'maxLength'],
    ]);
  });
});
