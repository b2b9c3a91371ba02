import { VOICE_LIMITS } from '@qiming/sdk/contracts';

export type RecorderState = { kind: 'idle' } | { kind: 'recording'; seconds: number } | { kind: 'converting' };

export interface SampleRecorder {
  start(): Promise<void>;
  /** Ends the recording; the result goes to `onDone` (null when too short or failed, with `onError`). */
  stop(): void;
  cancel(): void;
}

export interface RecorderCallbacks {
  onState(state: RecorderState): void;
  onDone(recording: Blob): void;
  onError(reason: 'denied' | 'unsupported' | 'tooShort' | 'failed'): void;
}

/**
 * The microphone through MediaRecorder, with a one-second timer: recording stops by itself at
 * VOICE_LIMITS.sampleMaxSeconds, and a recording shorter than sampleMinSeconds is discarded.
 */
export function createRecorder(callbacks: RecorderCallbacks): SampleRecorder {
  let recorder: MediaRecorder | null = null;
  let stream: MediaStream | null = null;
  let timer: ReturnType<typeof setInterval> | null = null;
  let startedAt = 0;
  let cancelled = false;

  const release = () => {
    if (timer) clearInterval(timer);
    timer = null;
    stream?.getTracks().forEach((track) => track.stop());
    stream = null;
  };

  return {
    async start() {
      if (typeof MediaRecorder === 'undefined' || !navigator.mediaDevices?.getUserMedia) {
        callbacks.onError('unsupported');
        return;
      }
      try {
        stream = await navigator.mediaDevices.getUserMedia({ audio: { echoCancellation: true, noiseSuppression: true } });
      } catch {
        callbacks.onError('denied');
        return;
      }
      cancelled = false;
      const chunks: Blob[] = [];
      recorder = new MediaRecorder(stream);
      recorder.ondataavailable = (event) => {
        if (event.data.size > 0) chunks.push(event.data);
      };
      recorder.onstop = () => {
        const seconds = (Date.now() - startedAt) / 1000;
        release();
        if (cancelled) return callbacks.onState({ kind: 'idle' });
        if (seconds < VOICE_LIMITS.sampleMinSeconds) {
          callbacks.onState({ kind: 'idle' });
          return callbacks.onError('tooShort');
        }
        callbacks.onDone(new Blob(chunks, { type: recorder?.mimeType || 'audio/webm' }));
      };
      recorder.start(250);
      startedAt = Date.now();
      callbacks.onState({ kind: 'recording', seconds: 0 });
      timer = setInterval(() => {
        const seconds = Math.floor((Date.now() - startedAt) / 1000);
        callbacks.onState({ kind: 'recording', seconds });
        if (seconds >= VOICE_LIMITS.sampleMaxSeconds) this.stop();
      }, 1000);
    },
    stop() {
      if (recorder?.state === 'recording') recorder.stop();
    },
    cancel() {
      cancelled = true;
      if (recorder?.state === 'recording') recorder.stop();
      else release();
    },
  };
}
