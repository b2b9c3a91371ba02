import { encodeWav, joinFrames, resample, WAV_RATE } from './wav';

describe('WAV recordings', () => {
  it('writes a 16-bit mono PCM header and clamps the samples', () => {
    const wav = new DataView(encodeWav(new Float32Array([0, 0.5, -1, 2])));
    const text = (offset: number) => String.fromCharCode(...new Uint8Array(wav.buffer, offset, 4));
    expect([text(0), text(8), text(12), text(36)]).toEqual(['RIFF', 'WAVE', 'fmt ', 'data']);
    expect(wav.getUint32(4, true)).toBe(36 + 8);
    expect(wav.getUint16(20, true)).toBe(1);
    expect(wav.getUint16(22, true)).toBe(1);
    expect(wav.getUint32(24, true)).toBe(WAV_RATE);
    expect(wav.getUint16(34, true)).toBe(16);
    expect(wav.getUint32(40, true)).toBe(8);
    expect([0, 1, 2, 3].map((i) => wav.getInt16(44 + i * 2, true))).toEqual([0, 16383, -32768, 32767]);
  });

  it('resamples 48 kHz to 16 kHz by averaging, keeping the length in time', () => {
    const input = new Float32Array(48_000).map((_, i) => (i % 3 === 0 ? 0.3 : 0.6));
    const out = resample(input, 48_000);
    expect(out.length).toBe(16_000);
    expect(out[100]).toBeCloseTo(0.5, 5);
    expect(resample(input, 16_000)).toBe(input);
    // 44.1 kHz: a fractional ratio
    expect(resample(new Float32Array(44_100).fill(0.25), 44_100).length).toBe(16_000);
    expect(resample(new Float32Array(44_100).fill(0.25), 44_100)[7_999]).toBeCloseTo(0.25, 5);
  });

  it('joins frames in order', () => {
    expect([...joinFrames([new Float32Array([1, 2]), new Float32Array([]), new Float32Array([3])])]).toEqual([1, 2, 3]);
  });
});
