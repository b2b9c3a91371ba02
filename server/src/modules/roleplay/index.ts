export { rolePlayContributor, UNKNOWN_SCENE_MESSAGE } from './contributor.js';
export { roleplayRoutes } from './routes.js';
export { findHongScene, HONG_SCENES } from './scenes.js';
export { rolePlaySystemText } from './systemText.js';
