import decodeAac from '@audio/decode-aac';
import { MPEGDecoder } from 'mpg123-decoder';
import type { VoiceSampleFormat } from '@qiming/contracts';
import { looksLikeMp3 } from '../../speech/mp3Frames.js';

/** Mono PCM in −1…1 at its own sample rate. */
export interface Pcm {
  samples: Float32Array;
  sampleRate: number;
}

/** The container by its first bytes (never the file name): WAV, MP3 or an MP4 audio file (M4A). */
export function sniffAudio(bytes: Uint8Array): VoiceSampleFormat | null {
  const ascii = (from: number, to: number) => Buffer.from(bytes.subarray(from, to)).toString('latin1');
  if (bytes.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WAVE') return 'wav';
  if (bytes.length >= 12 && ascii(4, 8) === 'ftyp') return 'm4a';
  if (looksLikeMp3(bytes)) return 'mp3';
  return null;
}

export const MIME_OF: Record<VoiceSampleFormat, string> = { wav: 'audio/wav', mp3: 'audio/mpeg', m4a: 'audio/mp4' };

/** Why a file that looked like audio could not be read (the user is told it is damaged). */
export class UndecodableAudio extends Error {}

/** Decodes the whole file to mono PCM (channels averaged). */
export async function decodeAudio(bytes: Uint8Array, format: VoiceSampleFormat): Promise<Pcm> {
  try {
    if (format === 'wav') return decodeWav(bytes);
    if (format === 'mp3') return await decodeMp3(bytes);
    const { channelData, sampleRate } = await decodeAac(bytes);
    return { samples: mixDown(channelData), sampleRate };
  } catch (error) {
    if (error instanceof UndecodableAudio) throw error;
    throw new UndecodableAudio(error instanceof Error ? error.message : String(error), { cause: error });
  }
}

async function decodeMp3(bytes: Uint8Array): Promise<Pcm> {
  const decoder = new MPEGDecoder();
  await decoder.ready;
  try {
    const decoded = decoder.decode(bytes);
    if (decoded.samplesDecoded === 0) throw new UndecodableAudio('no MPEG frames decoded');
    return { samples: mixDown(decoded.channelData.map((channel) => channel.subarray(0, decoded.samplesDecoded))), sampleRate: decoded.sampleRate };
  } finally {
    decoder.free();
  }
}

function mixDown(channels: Float32Array[]): Float32Array {
  const [first] = channels;
  if (!first) throw new UndecodableAudio('no audio channels');
  if (channels.length === 1) return first;
  const mixed = new Float32Array(first.length);
  for (const channel of channels) for (let i = 0; i < mixed.length; i++) mixed[i]! += (channel[i] ?? 0) / channels.length;
  return mixed;
}

/** RIFF/WAVE: integer PCM of 8, 16, 24 or 32 bits, or 32/64-bit float (plain or WAVE_FORMAT_EXTENSIBLE). */
export function decodeWav(bytes: Uint8Array): Pcm {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let format: { code: number; channels: number; sampleRate: number; bits: number } | null = null;
  let data: { offset: number; length: number } | null = null;
  for (let offset = 12; offset + 8 <= bytes.length; ) {
    const id = Buffer.from(bytes.subarray(offset, offset + 4)).toString('latin1');
    const size = view.getUint32(offset + 4, true);
    const body = offset + 8;
    if (id === 'fmt ' && size >= 16 && body + 16 <= bytes.length) {
      let code = view.getUint16(body, true);
      // WAVE_FORMAT_EXTENSIBLE keeps the real format in the first two bytes of its sub-format GUID.
      if (code === 0xfffe && size >= 40 && body + 26 <= bytes.length) code = view.getUint16(body + 24, true);
      format = { code, channels: view.getUint16(body + 2, true), sampleRate: view.getUint32(body + 4, true), bits: view.getUint16(body + 14, true) };
    } else if (id === 'data') {
      // A recorder that never went back to write the size leaves 0 or 0xFFFFFFFF: the rest of the file is the data.
      const length = size === 0 || size === 0xffffffff ? bytes.length - body : Math.min(size, bytes.length - body);
      data = { offset: body, length };
      break;
    }
    offset = body + size + (size % 2);
  }
  if (!format || !data) throw new UndecodableAudio('WAV without fmt or data chunk');
  const { code, channels, sampleRate, bits } = format;
  const integer = code === 1 && [8, 16, 24, 32].includes(bits);
  const float = code === 3 && (bits === 32 || bits === 64);
  if ((!integer && !float) || channels < 1 || channels > 8 || sampleRate < 4000 || sampleRate > 192_000) {
    throw new UndecodableAudio(`unsupported WAV: format ${code}, ${bits} bits, ${channels} channels, ${sampleRate} Hz`);
  }
  const width = bits / 8;
  const frames = Math.floor(data.length / (width * channels));
  const samples = new Float32Array(frames);
  const read = (at: number): number => {
    if (float) return bits === 32 ? view.getFloat32(at, true) : view.getFloat64(at, true);
    if (bits === 8) return (view.getUint8(at) - 128) / 128;
    if (bits === 16) return view.getInt16(at, true) / 32768;
    if (bits === 24) return ((view.getUint8(at) | (view.getUint8(at + 1) << 8) | (view.getInt8(at + 2) << 16)) / 8388608);
    return view.getInt32(at, true) / 2147483648;
  };
  for (let frame = 0; frame < frames; frame++) {
    let sum = 0;
    const at = data.offset + frame * width * channels;
    for (let channel = 0; channel < channels; channel++) sum += read(at + channel * width);
    samples[frame] = sum / channels;
  }
  return { samples, sampleRate };
}

/** 16-bit mono WAV of the samples (a reference clip for a provider, and tests). */
export function encodeWav(samples: Float32Array, sampleRate: number): Buffer {
  const out = Buffer.alloc(44 + samples.length * 2);
  out.write('RIFF', 0, 'latin1');
  out.writeUInt32LE(36 + samples.length * 2, 4);
  out.write('WAVEfmt ', 8, 'latin1');
  out.writeUInt32LE(16, 16);
  out.writeUInt16LE(1, 20);
  out.writeUInt16LE(1, 22);
  out.writeUInt32LE(sampleRate, 24);
  out.writeUInt32LE(sampleRate * 2, 28);
  out.writeUInt16LE(2, 32);
  out.writeUInt16LE(16, 34);
  out.write('data', 36, 'latin1');
  out.writeUInt32LE(samples.length * 2, 40);
  for (let i = 0; i < samples.length; i++) out.writeInt16LE(Math.round(Math.max(-1, Math.min(1, samples[i]!)) * 32767), 44 + i * 2);
  return out;
}

/** 16-bit little-endian PCM bytes → samples. */
export function pcm16ToFloat(bytes: Uint8Array): Float32Array {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength - (bytes.byteLength % 2));
  const samples = new Float32Array(view.byteLength / 2);
  for (let i = 0; i < samples.length; i++) samples[i] = view.getInt16(i * 2, true) / 32768;
  return samples;
}

/** Float samples → 16-bit PCM, for the MP3 encoder. */
export function floatToPcm16(samples: Float32Array): Int16Array {
  const out = new Int16Array(samples.length);
  for (let i = 0; i < samples.length; i++) out[i] = Math.round(Math.max(-1, Math.min(1, samples[i]!)) * 32767);
  return out;
}

/**
 * Resamples by linear interpolation after a moving-average low-pass as long as the step (enough
 * against aliasing for speech analysis and a 16 kHz reference clip, not for music).
 */
export function resample(pcm: Pcm, rate: number): Float32Array {
  const { samples, sampleRate } = pcm;
  if (sampleRate === rate) return samples;
  const step = sampleRate / rate;
  let source = samples;
  const width = Math.floor(step);
  if (width > 1) {
    source = new Float32Array(samples.length);
    let sum = 0;
    for (let i = 0; i < samples.length; i++) {
      sum += samples[i]!;
      if (i >= width) sum -= samples[i - width]!;
      source[i] = sum / Math.min(width, i + 1);
    }
  }
  const out = new Float32Array(Math.floor(samples.length / step));
  for (let i = 0; i < out.length; i++) {
    const at = i * step;
    const left = Math.floor(at);
    const right = Math.min(left + 1, source.length - 1);
    const frac = at - left;
    out[i] = source[left]! * (1 - frac) + source[right]! * frac;
  }
  return out;
}
