// A WAV for Chromium's fake microphone (--use-file-for-fake-audio-capture): silence, a stretch of
// speech-like sound (a voiced pulse train through two formants, syllable by syllable), silence.
// Voice-activity detection needs both: energy well above the room, then a pause that ends it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const RATE = 48_000;

export interface SpeechWavLayout {
  /** Silence before the speech, in seconds. */
  before: number;
  speech: number;
  after: number;
}

/** Two-pole resonator coefficients for a formant at `hz` with bandwidth `bw`. */
function resonator(hz: number, bw: number) {
  const r = Math.exp((-Math.PI * bw) / RATE);
  return { a1: 2 * r * Math.cos((2 * Math.PI * hz) / RATE), a2: -r * r, gain: 1 - r };
}

export function speechSamples({ before, speech, after }: SpeechWavLayout): Float32Array {
  const samples = new Float32Array(Math.round((before + speech + after) * RATE));
  const f1 = resonator(700, 130);
  const f2 = resonator(1220, 170);
  let phase = 0;
  let y1 = [0, 0];
  let y2 = [0, 0];
  let seed = 7;
  const noise = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648 - 0.5) * 2;
  const start = Math.round(before * RATE);
  const end = Math.round((before + speech) * RATE);
  for (let i = 0; i < samples.length; i++) {
    let s = noise() * 0.0003;
    if (i >= start && i < end) {
      const t = (i - start) / RATE;
      const f0 = 140 + 12 * Math.sin(2 * Math.PI * 3 * t);
      phase += f0 / RATE;
      const pulse = phase >= 1 ? 1 : 0;
      if (phase >= 1) phase -= 1;
      const excitation = pulse + noise() * 0.02;
      const o1 = f1.gain * excitation + f1.a1 * y1[0]! + f1.a2 * y1[1]!;
      y1 = [o1, y1[0]!];
      const o2 = f2.gain * o1 + f2.a1 * y2[0]! + f2.a2 * y2[1]!;
      y2 = [o2, y2[0]!];
      // syllables: four a second, never quite silent between them
      const syllable = 0.55 + 0.45 * Math.sin(Math.PI * ((t * 4) % 1));
      const fade = Math.min(1, t / 0.03, (speech - t) / 0.03);
      s += (o1 * 0.5 + o2 * 4) * syllable * fade;
    }
    samples[i] = s;
  }
  const peak = samples.reduce((m, v) => Math.max(m, Math.abs(v)), 0);
  const scale = peak > 0 ? 0.5 / peak : 1;
  for (let i = start; i < end; i++) samples[i] = samples[i]! * scale;
  return samples;
}

/** Writes the WAV (16-bit mono, 48 kHz) into the temporary directory and returns its path. */
export function writeSpeechWav(name: string, layout: SpeechWavLayout): string {
  const samples = speechSamples(layout);
  const buffer = Buffer.alloc(44 + samples.length * 2);
  buffer.write('RIFF', 0);
  buffer.writeUInt32LE(36 + samples.length * 2, 4);
  buffer.write('WAVE', 8);
  buffer.write('fmt ', 12);
  buffer.writeUInt32LE(16, 16);
  buffer.writeUInt16LE(1, 20);
  buffer.writeUInt16LE(1, 22);
  buffer.writeUInt32LE(RATE, 24);
  buffer.writeUInt32LE(RATE * 2, 28);
  buffer.writeUInt16LE(2, 32);
  buffer.writeUInt16LE(16, 34);
  buffer.write('data', 36);
  buffer.writeUInt32LE(samples.length * 2, 40);
  samples.forEach((v, i) => buffer.writeInt16LE(Math.round(Math.max(-1, Math.min(1, v)) * 32767), 44 + i * 2));
  const file = path.join(os.tmpdir(), `qm-e2e-${name}.wav`);
  fs.writeFileSync(file, buffer);
  return file;
}
