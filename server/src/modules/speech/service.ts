import { cloneIdOf, type SpeechCapabilities } from '@qiming/contracts';
import { SPEECH_LIMITS, SPEECH_MESSAGES, speechError } from './codes.js';
import { speakableText } from './speakableText.js';
import type { EspeakTuning } from './espeakVoice.js';
import type { ClonedVoiceSpeaker, QueueStatus, SpeechCaller, SpeechSynthesizer, SynthesisRequest, Voice } from './synthesizer.js';
import type { AudioUpload, Transcriber } from './transcriber.js';

/**
 * Read-aloud and voice input (spec chat §2, §4, §7): the rules on what may be spoken and what a
 * recording must be; the synthesizer and the transcription service do the rest.
 */
export class SpeechService {
  private clones: ClonedVoiceSpeaker | null = null;
  private ownLocal: SpeechSynthesizer | null = null;

  constructor(
    private readonly synthesizer: SpeechSynthesizer,
    /** null when no transcription service is configured: voice input is refused, never guessed. */
    private readonly transcriber: Transcriber | null,
    /** Makes the built-in synthesizer when the configured one is upstream (a cloned voice's offline demo still needs it). */
    private readonly makeLocal: () => SpeechSynthesizer = () => synthesizer,
  ) {}

  /** The voices module: read-aloud with `clone:<id>` is spoken through it. */
  useClonedVoices(clones: ClonedVoiceSpeaker): void {
    this.clones = clones;
  }

  capabilities(): SpeechCapabilities {
    return { speech: this.synthesizer.kind, transcription: this.transcriber !== null };
  }

  /**
   * MP3 of `request.input`: at most 4000 characters as the user sent them (a character is a code
   * point), then said without its Markdown markup.
   */
  async speak(request: Omit<SynthesisRequest, 'voice'> & { voice: Voice | `clone:${string}` }, caller: SpeechCaller): Promise<Buffer> {
    const input = request.input.trim();
    if (!input) throw speechError('inputEmpty', SPEECH_MESSAGES.inputEmpty);
    if ([...input].length > SPEECH_LIMITS.inputMax) throw speechError('inputTooLong', SPEECH_MESSAGES.inputTooLong);
    const words = speakableText(input);
    if (!words) throw speechError('inputEmpty', SPEECH_MESSAGES.inputEmpty);
    const cloneId = cloneIdOf(request.voice);
    if (cloneId !== null) {
      if (!this.clones) throw speechError('synthesisFailed', SPEECH_MESSAGES.clonesUnavailable);
      return this.clones.speak({ owner: caller.owner, voiceId: cloneId, text: words, speed: request.speed, ticket: caller.ticket });
    }
    return this.synthesizer.synthesize({ ...request, voice: request.voice as Voice, input: words }, caller);
  }

  /**
   * Speaks ready text (no Markdown) with the built-in eSpeak NG voice at a cloned voice's tuning,
   * whatever synthesizer read-aloud is configured with; it queues like read-aloud.
   */
  speakTuned(text: string, tuning: EspeakTuning, speed: number, caller: SpeechCaller): Promise<Buffer> {
    const local = this.synthesizer.kind === 'local' ? this.synthesizer : (this.ownLocal ??= this.makeLocal());
    return local.synthesize({ model: 'tts-1', voice: 'alloy', input: text, speed, tuning }, caller);
  }

  /** Where a caller's read-aloud request is: waiting behind how many, being spoken, or unknown. */
  queueStatus(caller: SpeechCaller): QueueStatus {
    const status = this.synthesizer.status?.(caller) ?? { state: 'unknown' };
    return status.state === 'unknown' && this.ownLocal?.status ? this.ownLocal.status(caller) : status;
  }

  /**
   * The text of a recording. The service is checked before the upload is read, so without one
   * nothing is received for nothing.
   */
  async transcribe(readAudio: () => Promise<AudioUpload | null>): Promise<string> {
    if (!this.transcriber) throw speechError('transcriptionUnavailable', SPEECH_MESSAGES.transcriptionUnavailable);
    const audio = await readAudio();
    if (!audio || audio.bytes.length === 0) throw speechError('audioMissing', SPEECH_MESSAGES.audioMissing);
    return this.transcriber.transcribe(audio);
  }

  async close(): Promise<void> {
    await this.ownLocal?.close();
    await this.synthesizer.close();
  }
}
