import type { Voice } from './synthesizer.js';

/** What eSpeak NG is told for one request: a voice name with its variant, and words per minute. */
export interface EspeakSettings {
  /** e.g. `cmn+m1`, `en-us+f3`. */
  voice: string;
  rate: number;
}

/** eSpeak NG's default speaking rate; OpenAI's speed 1 maps onto it. */
export const ESPEAK_BASE_RATE = 175;
/** eSpeak NG's own bounds for words per minute. */
export const ESPEAK_RATE_RANGE = { min: 80, max: 450 } as const;

/**
 * OpenAI's voice names onto eSpeak NG variants of a similar kind: onyx, echo and fable male
 * (onyx the deepest), nova and shimmer female, alloy the voice's own neutral default.
 */
const VARIANT_BY_VOICE: Record<Voice, string> = {
  alloy: '',
  echo: 'm3',
  fable: 'm2',
  onyx: 'm1',
  nova: 'f3',
  shimmer: 'f4',
};

const HAN = /\p{Script=Han}/gu;
const LATIN_WORD = /\p{Script=Latin}+/gu;

/**
 * Mandarin (`cmn`) or American English (`en-us`) by majority: Han characters against Latin words
 * (a Han character is a syllable, about what a short English word is). Mandarin wins a tie, and
 * it reads the Latin parts of mixed text as English, while the English voice cannot read Han at all.
 */
export function languageOf(text: string): 'cmn' | 'en-us' {
  const han = text.match(HAN)?.length ?? 0;
  const latinWords = text.match(LATIN_WORD)?.length ?? 0;
  return han > 0 && han >= latinWords ? 'cmn' : 'en-us';
}

/** Words per minute for OpenAI's speed factor (0.25–4): 175 × speed, within eSpeak NG's 80–450. */
export function rateOf(speed: number): number {
  return Math.min(ESPEAK_RATE_RANGE.max, Math.max(ESPEAK_RATE_RANGE.min, Math.round(ESPEAK_BASE_RATE * speed)));
}

/** A cloned voice's offline demo (voices module): an eSpeak NG variant, base pitch and rate found from the sample. */
export interface EspeakTuning {
  /** e.g. `m1`, `f3`. */
  variant: string;
  /** eSpeak's base pitch, 0–100. */
  pitch: number;
  /** Words per minute at speed 1. */
  rate: number;
}

/** The tuning's voice in the text's language; the user's speed factor scales its rate. */
export function tunedSettings(text: string, tuning: EspeakTuning, speed: number): EspeakSettings & { pitch: number } {
  const rate = Math.min(ESPEAK_RATE_RANGE.max, Math.max(ESPEAK_RATE_RANGE.min, Math.round(tuning.rate * speed)));
  return { voice: `${languageOf(text)}+${tuning.variant}`, rate, pitch: Math.min(100, Math.max(0, Math.round(tuning.pitch))) };
}

export function espeakSettings(text: string, voice: Voice, speed: number): EspeakSettings {
  const variant = VARIANT_BY_VOICE[voice];
  const language = languageOf(text);
  return { voice: variant ? `${language}+${variant}` : language, rate: rateOf(speed) };
}
