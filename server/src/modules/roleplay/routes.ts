import type { FastifyInstance } from 'fastify';
import type { HongSceneList } from '@qiming/contracts';
import { sendStaticJson, staticJson } from '../../http/etag.js';
import { HONG_SCENES } from './scenes.js';

/** GET backend-api/getHongScenes: the scenes of 哄哄模拟器 (no login; the request signature applies), with an ETag. */
export async function roleplayRoutes(app: FastifyInstance): Promise<void> {
  const list: HongSceneList = { scenes: [...HONG_SCENES] };
  const scenes = staticJson(list);
  app.get('/backend-api/getHongScenes', async (request, reply) => sendStaticJson(request, reply, scenes));
}
