import type { ServerModule } from '../module.js';
import type { ContextContributor } from '../chat/context.js';
import { rolePlayContributor } from './contributor.js';
import { roleplayRoutes } from './routes.js';

/** 哄哄模拟器: its scenes (GET backend-api/getHongScenes) and the chat context contributor the chat module adds. */
export function createRoleplayModule(): ServerModule<{ contributor: ContextContributor }> {
  return { service: { contributor: rolePlayContributor }, routes: roleplayRoutes };
}

export { rolePlayContributor, UNKNOWN_SCENE_MESSAGE } from './contributor.js';
export { findHongScene, HONG_SCENES } from './scenes.js';
export { rolePlaySystemText } from './systemText.js';
