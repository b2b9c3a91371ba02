import type { EspeakTuning } from '../../speech/espeakVoice.js';
import type { SpeechCaller } from '../../speech/synthesizer.js';
import type { CloneJob, ClonedVoice, SpeakJob, VoiceProvider } from './provider.js';

/** Speaks ready text with eSpeak NG at a tuning (the speech module's local synthesizer). */
export interface TunedSpeaker {
  speakTuned(text: string, tuning: EspeakTuning, speed: number, caller: SpeechCaller): Promise<Buffer>;
}

/**
 * eSpeak NG's Mandarin voice measured with this module's own pitch and syllable detectors
 * (audio/analysis.ts) on a 46-character sentence: median pitch in Hz per base pitch 0–100 for a
 * low and a high variant, and syllables per second per words-per-minute rate. A sample is matched
 * by interpolating in these tables (pitch on a log scale), so the voice's measured pitch and rate
 * come out near the sample's; voiceTuning.test.ts synthesizes and measures again.
 */
export const CALIBRATION = {
  variants: [
    { variant: 'm1', points: [[25, 68.6], [50, 87.6], [75, 113], [100, 148.5]] },
    { variant: 'f3', points: [[0, 132.9], [25, 159.7], [50, 184.5], [75, 234.7], [100, 304.7]] },
  ],
  /** Below this the low variant speaks, from it the high one. */
  highFromHz: 140,
  rate: [[3.1, 100], [4.3, 175], [5.8, 250], [7.0, 350]],
} as const;

/** eSpeak's own neutral values when the sample gave nothing to follow. */
const NEUTRAL: EspeakTuning = { variant: 'm1', pitch: 50, rate: 175 };

/** y at x on the piecewise line through `points` ([x, y] sorted by x), extended past both ends. */
function along(points: ReadonlyArray<readonly [number, number]>, x: number): number {
  let i = 1;
  while (i < points.length - 1 && x > points[i]![0]) i++;
  const [x0, y0] = points[i - 1]!;
  const [x1, y1] = points[i]!;
  return y0 + ((x - x0) * (y1 - y0)) / (x1 - x0);
}

/** The eSpeak NG variant, base pitch and rate whose measured pitch and syllable rate are nearest the sample's. */
export function tuningFor(facts: { pitchHz: number | null; syllablesPerSecond: number }): EspeakTuning {
  let { variant, pitch } = NEUTRAL;
  if (facts.pitchHz !== null) {
    const chosen = CALIBRATION.variants[facts.pitchHz < CALIBRATION.highFromHz ? 0 : 1];
    variant = chosen.variant;
    // Hz → pitch on a log scale: the table inverted.
    const inverse = chosen.points.map(([p, hz]) => [Math.log(hz), p] as const);
    pitch = Math.round(Math.min(100, Math.max(0, along(inverse, Math.log(facts.pitchHz)))));
  }
  const rate = facts.syllablesPerSecond > 0 ? Math.round(Math.min(450, Math.max(80, along(CALIBRATION.rate, facts.syllablesPerSecond)))) : NEUTRAL.rate;
  return { variant, pitch, rate };
}

const isTuning = (value: unknown): value is EspeakTuning =>
  !!value && typeof value === 'object' && typeof (value as EspeakTuning).variant === 'string' && /^[mf]\d$/.test((value as EspeakTuning).variant) && typeof (value as EspeakTuning).pitch === 'number' && typeof (value as EspeakTuning).rate === 'number';

/**
 * The offline demo (离线演示): it cannot clone a timbre. "Cloning" measures the sample's pitch and
 * speaking rate and keeps an eSpeak NG tuning that follows them; speaking is the built-in synthesizer
 * with that tuning. Free (nothing is cloned).
 */
export function offlineProvider(speaker: TunedSpeaker): VoiceProvider {
  return {
    kind: 'offline',
    offline: true,
    needsTranscript: false,
    async clone(job: CloneJob): Promise<ClonedVoice> {
      return { providerVoiceId: null, state: tuningFor(job.facts), keepsReference: false };
    },
    speak(job: SpeakJob): Promise<Buffer> {
      const tuning = isTuning(job.voice.state) ? job.voice.state : NEUTRAL;
      return speaker.speakTuned(job.text, tuning, job.speed, { owner: job.owner, ticket: job.ticket });
    },
    async remove(): Promise<void> {},
  };
}
