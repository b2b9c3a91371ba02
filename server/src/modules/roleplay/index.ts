import type { ServerConfig } from '../../config.js';
import { translatorFor } from '../../locale/index.js';
import type { ServerModule } from '../module.js';
import type { ContextContributor } from '../chat/context.js';
import { rolePlayContributor } from './contributor.js';
import { roleplayRoutes } from './routes.js';

/** 哄哄模拟器: its scenes (GET backend-api/getHongScenes) and the chat context contributor the chat module adds. */
export function createRoleplayModule(deps: { config?: { site: Pick<ServerConfig['site'], 'edition'> } } = {}): ServerModule<{ contributor: ContextContributor }> {
  const translator = translatorFor(deps.config?.site.edition ?? 'domestic');
  return { service: { contributor: rolePlayContributor }, routes: (app) => roleplayRoutes(app, { translator }) };
}

export { rolePlayContributor, UNKNOWN_SCENE_MESSAGE } from './contributor.js';
export { findHongScene, HONG_SCENES } from './scenes.js';
export { rolePlaySystemText } from './systemText.js';
