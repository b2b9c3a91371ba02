import { Mp3Encoder } from '@breezystack/lamejs';

/** Mono speech at 22 050 or 24 000 Hz: 48 kbps is clear and about 6 KB per second. */
export const SPEECH_MP3_KBPS = 48;

/** Encodes 16-bit mono PCM to MP3 piece by piece, so long speech never sits in memory as PCM. */
export class Mp3Stream {
  private readonly encoder: Mp3Encoder;
  private readonly chunks: Buffer[] = [];

  constructor(sampleRate: number, kbps = SPEECH_MP3_KBPS) {
    this.encoder = new Mp3Encoder(1, sampleRate, kbps);
  }

  write(samples: Int16Array): void {
    if (samples.length) this.keep(this.encoder.encodeBuffer(samples));
  }

  /** Flushes the encoder; the whole MP3. */
  end(): Buffer {
    this.keep(this.encoder.flush());
    return Buffer.concat(this.chunks);
  }

  // lamejs answers a fresh typed array per call (typed as Uint8Array, an Int8Array at run time).
  private keep(bytes: ArrayBufferView): void {
    if (bytes.byteLength) this.chunks.push(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  }
}
