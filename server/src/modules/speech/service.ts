import type { SpeechCapabilities } from '@qiming/contracts';
import { SPEECH_LIMITS, SPEECH_MESSAGES, speechError } from './codes.js';
import { speakableText } from './speakableText.js';
import type { QueueStatus, SpeechCaller, SpeechSynthesizer, SynthesisRequest } from './synthesizer.js';
import type { AudioUpload, Transcriber } from './transcriber.js';

/**
 * Read-aloud and voice input (spec chat §2, §4, §7): the rules on what may be spoken and what a
 * recording must be; the synthesizer and the transcription service do the rest.
 */
export class SpeechService {
  constructor(
    private readonly synthesizer: SpeechSynthesizer,
    /** null when no transcription service is configured: voice input is refused, never guessed. */
    private readonly transcriber: Transcriber | null,
  ) {}

  capabilities(): SpeechCapabilities {
    return { speech: this.synthesizer.kind, transcription: this.transcriber !== null };
  }

  /**
   * MP3 of `request.input`: at most 4000 characters as the user sent them (a character is a code
   * point), then said without its Markdown markup.
   */
  async speak(request: SynthesisRequest, caller: SpeechCaller): Promise<Buffer> {
    const input = request.input.trim();
    if (!input) throw speechError('inputEmpty', SPEECH_MESSAGES.inputEmpty);
    if ([...input].length > SPEECH_LIMITS.inputMax) throw speechError('inputTooLong', SPEECH_MESSAGES.inputTooLong);
    const words = speakableText(input);
    if (!words) throw speechError('inputEmpty', SPEECH_MESSAGES.inputEmpty);
    return this.synthesizer.synthesize({ ...request, input: words }, caller);
  }

  /** Where a caller's read-aloud request is: waiting behind how many, being spoken, or unknown. */
  queueStatus(caller: SpeechCaller): QueueStatus {
    return this.synthesizer.status?.(caller) ?? { state: 'unknown' };
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

  close(): Promise<void> {
    return this.synthesizer.close();
  }
}
