import { AppError } from '../../http/envelope.js';
import type { ContextContributor } from '../chat/index.js';
import { findHongScene } from './scenes.js';
import { rolePlaySystemText } from './systemText.js';

/** useHong with a code that names no scene (spec chat §7 body: useHong, intelligentCode). */
export const UNKNOWN_SCENE_MESSAGE = '哄哄模拟器的场景不存在，请重新选择场景';

/**
 * 哄哄模拟器: with `useHong` and a scene's code as `intelligentCode`, the model plays the partner
 * of that scene and ends every reply with the score line. An unknown code is refused before
 * anything is written (400, like an unknown model).
 */
export const rolePlayContributor: ContextContributor = {
  name: 'roleplay',
  check({ body }) {
    if (body.useHong && !findHongScene(body.intelligentCode)) throw new AppError(400, UNKNOWN_SCENE_MESSAGE);
  },
  async contribute({ body }) {
    const scene = body.useHong ? findHongScene(body.intelligentCode) : undefined;
    return scene ? { system: rolePlaySystemText(scene) } : null;
  },
};
