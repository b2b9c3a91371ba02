import type { FastifyInstance } from 'fastify';
import { ok } from '../../http/envelope.js';
import { notModified } from '../../http/etag.js';
import type { Catalogue } from './catalogue.js';
import { MODEL_ICON_SET, sendSvgIcon } from './icons.js';
import { OFFLINE_ONLY, type ServingFacts } from './snapshot.js';
import { translatorFor, type Translator } from '../../locale/index.js';
import { localizedCatalogue } from './localized.js';

export interface CatalogueRouteOptions {
  catalogue: Catalogue;
  /** What the chat channels say about each model (离线演示, whether 联网搜索 can run). */
  serving?: ServingFacts;
  /** The edition's language for the texts (domestic: as written). */
  translator?: Translator;
}

/**
 * GET backend-api/getModelOptions: the model catalogue for the picker (no login; the request
 * signature applies), with an ETag from its version. GET public/model-icons/<name>.svg: the
 * built-in icons, cached for good (their URLs carry a content hash).
 */
export async function catalogueRoutes(app: FastifyInstance, { catalogue, serving = OFFLINE_ONLY, translator = translatorFor('domestic') }: CatalogueRouteOptions): Promise<void> {
  app.get('/backend-api/getModelOptions', async (request, reply) => {
    const body = localizedCatalogue(catalogue.modelCatalogue(serving), translator);
    return notModified(request, reply, `"${body.version}"`) ?? ok(body);
  });

  app.get<{ Params: { file: string } }>('/public/model-icons/:file', async (request, reply) => sendSvgIcon(MODEL_ICON_SET, request.params.file, reply));
}
