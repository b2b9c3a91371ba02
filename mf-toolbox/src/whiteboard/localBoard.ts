import type { WhiteboardScene } from '@qiming/sdk/contracts';
import { t } from '../i18n';
import { liveElementCount } from './scene';

/** The visitor's board, kept in this browser until they sign in and save it to their account. */
const KEY = 'qm-whiteboard-local';

export const localBoard = {
  load(): WhiteboardScene | null {
    try {
      const text = window.localStorage.getItem(KEY);
      const scene = text ? (JSON.parse(text) as WhiteboardScene) : null;
      return scene && Array.isArray(scene.elements) ? scene : null;
    } catch {
      return null;
    }
  },
  /** Throws a Chinese message when the browser refuses (storage full or disabled). */
  save(scene: WhiteboardScene): void {
    try {
      window.localStorage.setItem(KEY, JSON.stringify(scene));
    } catch {
      throw new Error(t('whiteboard.localFull'));
    }
  },
  clear(): void {
    window.localStorage.removeItem(KEY);
  },
  /** A local board worth offering to save: one with something drawn on it. */
  hasDrawing(): boolean {
    const scene = this.load();
    return scene !== null && liveElementCount(scene) > 0;
  },
};
