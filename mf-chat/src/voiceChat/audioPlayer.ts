import type { SpeakerDeps } from './sentenceSpeaker';

/** Plays one sentence's audio after another on the page's <audio> element (blob URLs, revoked when done). */
export function createAudioPlayer(element: () => HTMLAudioElement | null): Pick<SpeakerDeps, 'play' | 'stopPlayback'> {
  let current: { url: string; resolve(): void } | null = null;
  const release = () => {
    if (!current) return;
    URL.revokeObjectURL(current.url);
    const { resolve } = current;
    current = null;
    resolve();
  };
  return {
    play(audio) {
      const player = element();
      if (!player) return Promise.reject(new Error('no audio element'));
      release();
      return new Promise<void>((resolve, reject) => {
        const url = URL.createObjectURL(audio);
        current = { url, resolve };
        player.onended = release;
        player.onerror = () => {
          const failed = current?.url === url;
          release();
          if (failed) reject(new Error(player.error?.message || 'audio error'));
        };
        player.src = url;
        player.play().catch((error: unknown) => {
          if (current?.url !== url) return;
          URL.revokeObjectURL(url);
          current = null;
          reject(error);
        });
      });
    },
    stopPlayback() {
      const player = element();
      if (player) {
        player.pause();
        player.removeAttribute('src');
      }
      release();
    },
  };
}
