import { resample, type Pcm } from './decode.js';

/** What is measured of a sample (VoiceSample's fields). */
export interface SampleFacts {
  durationMs: number;
  /** Loudest 20 ms frame, dBFS. */
  peakDb: number;
  /** Mean loudness (power) of the non-silent frames, dBFS; −∞ written as −100. */
  loudnessDb: number;
  silenceRatio: number;
  pitchHz: number | null;
  syllablesPerSecond: number;
}

const FLOOR_DB = -100;
/** A frame this far below the loudest, or under the absolute floor, is silence. */
const SILENCE_BELOW_PEAK_DB = 40;
const SILENCE_FLOOR_DB = -50;
/** Pitch is looked for within a speaking voice's range. */
const PITCH_RANGE = { min: 60, max: 500 } as const;
const ANALYSIS_RATE = 8000;

const db = (power: number) => (power > 0 ? Math.max(FLOOR_DB, 10 * Math.log10(power)) : FLOOR_DB);

/** Mean power of consecutive frames of `frameSeconds`. */
function framePowers(samples: Float32Array, sampleRate: number, frameSeconds: number): Float64Array {
  const size = Math.max(1, Math.round(sampleRate * frameSeconds));
  const powers = new Float64Array(Math.floor(samples.length / size));
  for (let frame = 0; frame < powers.length; frame++) {
    let sum = 0;
    for (let i = frame * size, end = i + size; i < end; i++) sum += samples[i]! * samples[i]!;
    powers[frame] = sum / size;
  }
  return powers;
}

/**
 * Duration, loudness, silence, median pitch and syllable rate of a recording. Pitch and rhythm are
 * measured on an 8 kHz copy (a speaking voice's fundamental stays under 500 Hz), so a minute of
 * audio takes a fraction of a second.
 */
export function analyse(pcm: Pcm): SampleFacts {
  const durationMs = Math.round((pcm.samples.length / pcm.sampleRate) * 1000);
  const powers = framePowers(pcm.samples, pcm.sampleRate, 0.02);
  let peakPower = 0;
  for (const power of powers) peakPower = Math.max(peakPower, power);
  const peakDb = db(peakPower);
  const threshold = Math.max(SILENCE_FLOOR_DB, peakDb - SILENCE_BELOW_PEAK_DB);
  let active = 0;
  let activePower = 0;
  for (const power of powers) {
    if (db(power) >= threshold) {
      active++;
      activePower += power;
    }
  }
  const silenceRatio = powers.length === 0 ? 1 : 1 - active / powers.length;
  const loudnessDb = active === 0 ? FLOOR_DB : db(activePower / active);
  const low = resample(pcm, ANALYSIS_RATE);
  return {
    durationMs,
    peakDb: round1(peakDb),
    loudnessDb: round1(loudnessDb),
    silenceRatio: Math.round(silenceRatio * 1000) / 1000,
    pitchHz: medianPitch(low, ANALYSIS_RATE, threshold),
    syllablesPerSecond: round1(syllableRate(low, ANALYSIS_RATE, threshold)),
  };
}

const round1 = (value: number) => Math.round(value * 10) / 10;

/**
 * Median fundamental of the voiced frames (YIN: the first dip of the cumulative-mean-normalised
 * difference under 0.15, refined by a parabola), or null with fewer than 10 voiced frames.
 */
export function medianPitch(samples: Float32Array, sampleRate: number, silenceDb = SILENCE_FLOOR_DB): number | null {
  const window = Math.round(sampleRate * 0.03);
  const hop = Math.round(sampleRate * 0.01);
  const minLag = Math.floor(sampleRate / PITCH_RANGE.max);
  const maxLag = Math.ceil(sampleRate / PITCH_RANGE.min);
  const diff = new Float64Array(maxLag + 2);
  const found: number[] = [];
  for (let start = 0; start + window + maxLag + 1 < samples.length; start += hop) {
    let energy = 0;
    for (let i = start; i < start + window; i++) energy += samples[i]! * samples[i]!;
    if (db(energy / window) < silenceDb) continue;
    for (let lag = 1; lag <= maxLag + 1; lag++) {
      let sum = 0;
      for (let i = start; i < start + window; i++) {
        const d = samples[i]! - samples[i + lag]!;
        sum += d * d;
      }
      diff[lag] = sum;
    }
    // Cumulative mean normalisation, in place from lag 1.
    let running = 0;
    const cmnd = new Float64Array(maxLag + 2);
    cmnd[0] = 1;
    for (let lag = 1; lag <= maxLag + 1; lag++) {
      running += diff[lag]!;
      cmnd[lag] = running > 0 ? (diff[lag]! * lag) / running : 1;
    }
    let lag = minLag;
    while (lag <= maxLag && cmnd[lag]! >= 0.15) lag++;
    if (lag > maxLag) continue;
    while (lag < maxLag && cmnd[lag + 1]! < cmnd[lag]!) lag++;
    const [a, b, c] = [cmnd[lag - 1]!, cmnd[lag]!, cmnd[lag + 1]!];
    const denominator = a - 2 * b + c;
    const refined = denominator > 0 ? lag + (a - c) / (2 * denominator) : lag;
    found.push(sampleRate / refined);
  }
  if (found.length < 10) return null;
  found.sort((x, y) => x - y);
  return round1(found[Math.floor(found.length / 2)]!);
}

/**
 * Syllables per second of speaking time: peaks of the 10 ms loudness envelope (smoothed over 50 ms)
 * that stand at least 3 dB above the dip before them, at least 100 ms apart; speaking time leaves
 * out pauses longer than 0.3 s.
 */
export function syllableRate(samples: Float32Array, sampleRate: number, silenceDb = SILENCE_FLOOR_DB): number {
  const raw = framePowers(samples, sampleRate, 0.01);
  const envelope = new Float64Array(raw.length);
  for (let i = 0; i < raw.length; i++) {
    let sum = 0;
    let n = 0;
    for (let j = Math.max(0, i - 2); j <= Math.min(raw.length - 1, i + 2); j++, n++) sum += raw[j]!;
    envelope[i] = db(sum / n);
  }
  let pauseFrames = 0;
  let run = 0;
  for (let i = 0; i <= envelope.length; i++) {
    if (i < envelope.length && envelope[i]! < silenceDb) run++;
    else {
      if (run > 30) pauseFrames += run;
      run = 0;
    }
  }
  const speakingSeconds = (envelope.length - pauseFrames) / 100;
  if (speakingSeconds <= 0) return 0;
  let peaks = 0;
  let lastPeak = -Infinity;
  let dip = Infinity;
  for (let i = 1; i < envelope.length - 1; i++) {
    const value = envelope[i]!;
    dip = Math.min(dip, value);
    const isPeak = value >= envelope[i - 1]! && value > envelope[i + 1]! && value >= silenceDb;
    if (!isPeak || value - dip < 3) continue;
    if (i - lastPeak < 10) continue;
    peaks++;
    lastPeak = i;
    dip = value;
  }
  return peaks / speakingSeconds;
}
