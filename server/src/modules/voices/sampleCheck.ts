import type { VoiceSampleFormat } from '@qiming/contracts';
import { analyse, type SampleFacts } from './audio/analysis.js';
import { decodeAudio, sniffAudio, UndecodableAudio, type Pcm } from './audio/decode.js';
import { badSample, VOICE_LIMITS, VOICE_MESSAGES } from './codes.js';

/** Below this the whole recording is silence. */
export const SILENT_PEAK_DB = -55;
/** Speech quieter than this on average is too quiet to clone. */
export const QUIET_LOUDNESS_DB = -40;
/** More than this share of silence is refused. */
export const MAX_SILENCE_RATIO = 0.6;

export interface CheckedSample {
  format: VoiceSampleFormat;
  pcm: Pcm;
  facts: SampleFacts;
}

/**
 * A recording a voice can be cloned from, or a refusal saying why (3001, Chinese): the format from
 * its bytes (WAV, MP3, M4A — never the name), decodable, 5–60 s, not silent, loud enough, not mostly
 * silence. The size limit is the upload's (10 MB, checked while it is read).
 */
export async function checkSample(bytes: Uint8Array): Promise<CheckedSample> {
  const format = sniffAudio(bytes);
  if (!format) throw badSample(VOICE_MESSAGES.notAudio);
  let pcm: Pcm;
  try {
    pcm = await decodeAudio(bytes, format);
  } catch (error) {
    if (error instanceof UndecodableAudio) throw badSample(VOICE_MESSAGES.damaged);
    throw error;
  }
  const seconds = pcm.samples.length / pcm.sampleRate;
  if (seconds < VOICE_LIMITS.sampleMinSeconds) throw badSample(VOICE_MESSAGES.tooShort);
  if (seconds > VOICE_LIMITS.sampleMaxSeconds) throw badSample(VOICE_MESSAGES.tooLong);
  const facts = analyse(pcm);
  if (facts.peakDb < SILENT_PEAK_DB) throw badSample(VOICE_MESSAGES.silent);
  if (facts.loudnessDb < QUIET_LOUDNESS_DB) throw badSample(VOICE_MESSAGES.tooQuiet);
  if (facts.silenceRatio > MAX_SILENCE_RATIO) throw badSample(VOICE_MESSAGES.tooMuchSilence);
  return { format, pcm, facts };
}
