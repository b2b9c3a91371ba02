import type { FastifyInstance } from 'fastify';
import type { HongSceneList } from '@qiming/contracts';
import { sendStaticJson, staticJson } from '../../http/etag.js';
import { translatorFor, type Translator } from '../../locale/index.js';
import { HONG_SCENES } from './scenes.js';

/**
 * GET backend-api/getHongScenes: the scenes of 哄哄模拟器 (no login; the request signature applies),
 * with an ETag; the texts shown (title, scene, partner's name and role, opening line) in the
 * edition's language through the server translator.
 */
export async function roleplayRoutes(app: FastifyInstance, { translator = translatorFor('domestic') }: { translator?: Translator } = {}): Promise<void> {
  const shown = (scene: (typeof HONG_SCENES)[number]) => ({
    ...scene,
    title: translator.text(scene.title),
    scene: translator.text(scene.scene),
    partnerName: translator.text(scene.partnerName),
    partnerRole: translator.text(scene.partnerRole),
    opening: translator.text(scene.opening),
  });
  const list: HongSceneList = { scenes: HONG_SCENES.map(shown) };
  const scenes = staticJson(list);
  app.get('/backend-api/getHongScenes', async (request, reply) => sendStaticJson(request, reply, scenes));
}
