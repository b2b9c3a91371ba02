import { SPEECH_LIMITS } from '@qiming/sdk';

/** spec chat §9: recordings stop by themselves after 180 s. */
export const MAX_RECORDING_MS = SPEECH_LIMITS.recordingMaxSeconds * 1000;

/** A microphone recording (MediaRecorder); `stop()` resolves with the recorded audio. */
export class Recording {
  private readonly chunks: Blob[] = [];
  private readonly autoStop: ReturnType<typeof setTimeout>;
  private readonly done: Promise<Blob>;

  private constructor(
    private readonly recorder: MediaRecorder,
    private readonly stream: MediaStream,
    onAutoStop: () => void,
    onError: (error: Error) => void,
  ) {
    this.done = new Promise<Blob>((resolve, reject) => {
      recorder.ondataavailable = (event) => event.data.size > 0 && this.chunks.push(event.data);
      recorder.onstop = () => resolve(new Blob(this.chunks, { type: recorder.mimeType || 'audio/webm' }));
      recorder.onerror = (event) => {
        const error = (event as Event & { error?: Error }).error ?? new Error('MediaRecorder error');
        onError(error);
        reject(error);
      };
    });
    // stop() reports a failure to its caller; one while recording is reported through onError.
    this.done.catch(() => undefined);
    this.autoStop = setTimeout(onAutoStop, MAX_RECORDING_MS);
  }

  static async start(onAutoStop: () => void, onError: (error: Error) => void): Promise<Recording> {
    const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    const recorder = new MediaRecorder(stream);
    const recording = new Recording(recorder, stream, onAutoStop, onError);
    recorder.start(1000);
    return recording;
  }

  /** The recording so far; rejects when the recorder failed. */
  async stop(): Promise<Blob> {
    clearTimeout(this.autoStop);
    if (this.recorder.state !== 'inactive') this.recorder.stop();
    try {
      return await this.done;
    } finally {
      for (const track of this.stream.getTracks()) track.stop();
    }
  }

  /** Ends without a result (the page was left). */
  cancel(): void {
    clearTimeout(this.autoStop);
    if (this.recorder.state !== 'inactive') this.recorder.stop();
    for (const track of this.stream.getTracks()) track.stop();
  }
}
