import type { FastifyInstance } from 'fastify';
import { sendStaticJson, staticJson } from '../../http/etag.js';
import { translatorFor, type Translator } from '../../locale/index.js';
import { PROMPT_TEMPLATE_LIST } from './templates.js';

/**
 * GET backend-api/getPromptTemplates (no login; the request signature applies), with an ETag; in
 * the edition's language: category names, titles and subtitles through the server translator,
 * the template bodies (`promt`, long prompts) as written.
 */
export async function promptsRoutes(app: FastifyInstance, { translator = translatorFor('domestic') }: { translator?: Translator } = {}): Promise<void> {
  const list = {
    categories: PROMPT_TEMPLATE_LIST.categories.map((category) => ({
      ...category,
      name: translator.text(category.name),
      templates: category.templates.map((template) => ({ ...template, title: translator.text(template.title), subTitle: translator.text(template.subTitle) })),
    })),
  };
  const templates = staticJson(list);
  app.get('/backend-api/getPromptTemplates', async (request, reply) => sendStaticJson(request, reply, templates));
}
