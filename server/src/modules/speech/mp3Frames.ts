/** MPEG audio frame headers: enough to recognise MP3 bytes and measure how long they play. */
export interface Mp3FrameHeader {
  version: 'MPEG-1' | 'MPEG-2' | 'MPEG-2.5';
  /** Always 3 for what this module accepts (MP3 is MPEG audio Layer III). */
  layer: 3;
  bitrateKbps: number;
  sampleRate: number;
  channels: 1 | 2;
  /** Bytes of the whole frame, header included. */
  length: number;
  /** PCM samples per channel the frame decodes to. */
  samples: number;
}

const BITRATES_MPEG1 = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];
const BITRATES_MPEG2 = [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160];
const SAMPLE_RATES: Record<Mp3FrameHeader['version'], number[]> = {
  'MPEG-1': [44100, 48000, 32000],
  'MPEG-2': [22050, 24000, 16000],
  'MPEG-2.5': [11025, 12000, 8000],
};

/** The Layer III frame header at `offset`, or null when the bytes there are not one. */
export function frameHeaderAt(bytes: Uint8Array, offset: number): Mp3FrameHeader | null {
  if (offset + 4 > bytes.length) return null;
  const b1 = bytes[offset + 1]!;
  const b2 = bytes[offset + 2]!;
  const b3 = bytes[offset + 3]!;
  // 11 sync bits set: 0xFF then the top three bits of the next byte.
  if (bytes[offset] !== 0xff || (b1 & 0xe0) !== 0xe0) return null;
  const versionBits = (b1 >> 3) & 0b11;
  const layerBits = (b1 >> 1) & 0b11;
  if (versionBits === 0b01 || layerBits !== 0b01) return null;
  const version = versionBits === 0b11 ? 'MPEG-1' : versionBits === 0b10 ? 'MPEG-2' : 'MPEG-2.5';
  const bitrateIndex = b2 >> 4;
  const sampleRateIndex = (b2 >> 2) & 0b11;
  if (bitrateIndex === 0 || bitrateIndex === 0b1111 || sampleRateIndex === 0b11) return null;
  const bitrateKbps = (version === 'MPEG-1' ? BITRATES_MPEG1 : BITRATES_MPEG2)[bitrateIndex]!;
  const sampleRate = SAMPLE_RATES[version][sampleRateIndex]!;
  const padding = (b2 >> 1) & 1;
  const samples = version === 'MPEG-1' ? 1152 : 576;
  const length = Math.floor(((samples / 8) * bitrateKbps * 1000) / sampleRate) + padding;
  return { version, layer: 3, bitrateKbps, sampleRate, channels: b3 >> 6 === 0b11 ? 1 : 2, length, samples };
}

/** Where the audio starts: after an ID3v2 tag when there is one. */
function audioStart(bytes: Uint8Array): number {
  if (bytes.length < 10 || bytes[0] !== 0x49 || bytes[1] !== 0x44 || bytes[2] !== 0x33) return 0;
  // The tag size is four 7-bit bytes ("syncsafe"), not counting the 10-byte header.
  const size = ((bytes[6]! & 0x7f) << 21) | ((bytes[7]! & 0x7f) << 14) | ((bytes[8]! & 0x7f) << 7) | (bytes[9]! & 0x7f);
  return 10 + size;
}

/** True when the bytes begin like an MP3 file: an ID3v2 tag or a Layer III frame. */
export function looksLikeMp3(bytes: Uint8Array): boolean {
  const start = audioStart(bytes);
  return start > 0 ? start <= bytes.length : frameHeaderAt(bytes, 0) !== null;
}

export interface Mp3Scan {
  frames: Mp3FrameHeader[];
  /** Seconds the frames play: their samples over their sample rate. */
  durationSeconds: number;
  /** Bytes after the last whole frame (0 for a clean stream). */
  trailingBytes: number;
}

/** Walks the frames one after another from the start; stops at the first bytes that are not a whole frame. */
export function scanMp3(bytes: Uint8Array): Mp3Scan {
  const frames: Mp3FrameHeader[] = [];
  let offset = audioStart(bytes);
  let durationSeconds = 0;
  for (let frame = frameHeaderAt(bytes, offset); frame && offset + frame.length <= bytes.length; frame = frameHeaderAt(bytes, offset)) {
    frames.push(frame);
    durationSeconds += frame.samples / frame.sampleRate;
    offset += frame.length;
  }
  return { frames, durationSeconds, trailingBytes: bytes.length - offset };
}
