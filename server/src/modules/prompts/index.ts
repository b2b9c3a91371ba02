import type { ServerConfig } from '../../config.js';
import { translatorFor } from '../../locale/index.js';
import type { ServerModule } from '../module.js';
import { promptsRoutes } from './routes.js';
import { PROMPT_TEMPLATE_LIST } from './templates.js';

/**
 * The prompt templates (GET backend-api/getPromptTemplates); the service is the list itself. The
 * international edition serves category names, titles, subtitles and the template bodies in English.
 */
export function createPromptsModule(deps: { config?: { site: Pick<ServerConfig['site'], 'edition'> } } = {}): ServerModule<typeof PROMPT_TEMPLATE_LIST> {
  const translator = translatorFor(deps.config?.site.edition ?? 'domestic');
  return { service: PROMPT_TEMPLATE_LIST, routes: (app) => promptsRoutes(app, { translator }) };
}

export { EN_PLACEHOLDER, PLACEHOLDER, PROMPT_TEMPLATE_LIMITS, PROMPT_TEMPLATE_LIST } from './templates.js';
