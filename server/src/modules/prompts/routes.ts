import type { FastifyInstance } from 'fastify';
import { sendStaticJson, staticJson } from '../../http/etag.js';
import { PROMPT_TEMPLATE_LIST } from './templates.js';

/** GET backend-api/getPromptTemplates (no login; the request signature applies), with an ETag. */
export async function promptsRoutes(app: FastifyInstance): Promise<void> {
  const templates = staticJson(PROMPT_TEMPLATE_LIST);
  app.get('/backend-api/getPromptTemplates', async (request, reply) => sendStaticJson(request, reply, templates));
}
