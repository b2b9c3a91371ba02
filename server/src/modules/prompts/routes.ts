import type { PromptTemplateList } from '@qiming/contracts';
import type { FastifyInstance } from 'fastify';
import { sendStaticJson, staticJson } from '../../http/etag.js';
import { translatorFor, type Translator } from '../../locale/index.js';
import type { BuiltInPromptTemplate } from './data/types.js';
import { BUILT_IN_PROMPT_CATEGORIES } from './templates.js';

/** The body in the edition's language: on the international edition the English one (the Chinese only if it is missing — none is: templates.test.ts). */
function body(template: BuiltInPromptTemplate, translator: Translator): string {
  return translator.edition === 'international' && template.en.trim() !== '' ? template.en : template.promt;
}

/** The list in the edition's language, in the wire's shape: `promt` is the body the edition serves. */
export function localizedTemplateList(translator: Translator): PromptTemplateList {
  return {
    categories: BUILT_IN_PROMPT_CATEGORIES.map(({ key, name, templates }) => ({
      key,
      name: translator.text(name),
      templates: templates.map((template) => ({
        id: template.id,
        title: translator.text(template.title),
        subTitle: translator.text(template.subTitle),
        promt: body(template, translator),
      })),
    })),
  };
}

/**
 * GET backend-api/getPromptTemplates (no login; the request signature applies), with an ETag; in
 * the edition's language: category names, titles and subtitles through the server translator,
 * the template bodies (`promt`) from the data, the English one (`en`) on the international edition.
 */
export async function promptsRoutes(app: FastifyInstance, { translator = translatorFor('domestic') }: { translator?: Translator } = {}): Promise<void> {
  const templates = staticJson(localizedTemplateList(translator));
  app.get('/backend-api/getPromptTemplates', async (request, reply) => sendStaticJson(request, reply, templates));
}
