import { toasts } from '@qiming/sdk';
import { t } from '../i18n';

/**
 * spec chat §4, §5: one speech generation at a time on the page. Asking again while one runs — the
 * same answer's 朗读 or another's — is refused with 语音正在生成中，请稍后再试！
 */
export function createSpeechGate(warn: (message: string) => void) {
  let running = false;
  return {
    get running(): boolean {
      return running;
    },
    /** Runs `work` unless a generation is running; resolves `refused` then (after the warning). */
    async run<T>(work: () => Promise<T>): Promise<{ refused: true } | { refused: false; value: T }> {
      if (running) {
        warn(t('speech.busy'));
        return { refused: true };
      }
      running = true;
      try {
        return { refused: false, value: await work() };
      } finally {
        running = false;
      }
    },
  };
}

export const speechGate = createSpeechGate((message) => toasts.warn(message));
