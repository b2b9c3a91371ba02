import type { ServerModule } from '../module.js';
import { promptsRoutes } from './routes.js';
import { PROMPT_TEMPLATE_LIST } from './templates.js';

/** The prompt templates (GET backend-api/getPromptTemplates); the service is the list itself. */
export function createPromptsModule(): ServerModule<typeof PROMPT_TEMPLATE_LIST> {
  return { service: PROMPT_TEMPLATE_LIST, routes: promptsRoutes };
}

export { PLACEHOLDER, PROMPT_TEMPLATE_LIMITS, PROMPT_TEMPLATE_LIST } from './templates.js';
