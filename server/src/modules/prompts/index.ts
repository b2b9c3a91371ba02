export { promptsRoutes } from './routes.js';
export { PLACEHOLDER, PROMPT_TEMPLATE_LIMITS, PROMPT_TEMPLATE_LIST } from './templates.js';
