import { ApiError, dataOf, request, SPEECH_LIMITS } from '@qiming/sdk';
import type { SpeechCapabilities, SpeechQueueStatus, SpeechRequest } from '@qiming/sdk/contracts';

/** Recognition services read the format from the file name. */
const recordingExtension = (type: string) => (type.includes('wav') ? 'wav' : type.includes('ogg') ? 'ogg' : type.includes('mp4') ? 'm4a' : 'webm');

/** Read-aloud and voice input calls (contract: @qiming/sdk/contracts speech.ts). */
export const speechApi = {
  capabilities: () => dataOf(request.get<SpeechCapabilities>('backend-api/getSpeechCapabilities', undefined, { silent: true })),
  /** The answer read aloud as MP3 (a refusal comes back as the envelope and is shown by the client). */
  async speak(input: string, settings: { speechModel: string; voice: string; speed: number }, ticket?: string): Promise<Blob> {
    const body: SpeechRequest = { model: settings.speechModel, input: input.slice(0, SPEECH_LIMITS.inputMax), voice: settings.voice, response_format: 'mp3', speed: settings.speed, ...(ticket ? { ticket } : {}) };
    const audio = await request.blob('backend-api/generateSpeech', body);
    if (!audio) throw new ApiError(0, 'request skipped', 'http');
    return audio;
  },
  /** Where the request with `ticket` is in the server's queue (silent: a failed look is just no position). */
  queue: (ticket: string) => dataOf(request.get<SpeechQueueStatus>('backend-api/getSpeechQueue', { ticket }, { silent: true })),
  /** The text of a recording (MediaRecorder's WebM / Ogg, or the voice page's WAV); `silent` when the caller shows the failure itself. */
  transcribe(audio: Blob, silent = false): Promise<string> {
    const form = new FormData();
    form.append('audio', audio, `recording.${recordingExtension(audio.type)}`);
    return dataOf(request.upload<string>('backend-api/getTranscribeAudio', form, undefined, { silent }));
  },
};
