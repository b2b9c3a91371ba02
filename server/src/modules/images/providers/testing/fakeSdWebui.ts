import { json, type FakeServer, type Reply, solidPng, startFakeServer } from './fakeHttp.js';

export interface FakeSdWebui extends FakeServer {
  /** A generation takes this long; /progress rises linearly over it. */
  durationMs: number;
  failNext(reply: Reply): void;
}

/**
 * AUTOMATIC1111's WebUI API as documented: POST /sdapi/v1/txt2img and /img2img → { images: [base64],
 * parameters, info: "<JSON text with seed>" }; GET /sdapi/v1/progress → { progress: 0–1, eta_relative,
 * state }. With `auth` set, HTTP Basic like --api-auth.
 */
export async function startFakeSdWebui(auth = 'webui:secret'): Promise<FakeSdWebui> {
  let startedAt: number | null = null;
  let pending: Reply | null = null;
  const expected = `Basic ${Buffer.from(auth).toString('base64')}`;
  const fake: FakeSdWebui = Object.assign(
    await startFakeServer(async (request) => {
      if (request.headers.authorization !== expected) return json({ detail: 'Not authenticated' }, 401);
      if (request.method === 'GET' && request.path === '/sdapi/v1/progress') {
        const progress = startedAt === null ? 0 : Math.min(1, (Date.now() - startedAt) / fake.durationMs);
        return json({ progress, eta_relative: 0, state: { job_count: startedAt === null ? 0 : 1 }, current_image: null });
      }
      if (request.method !== 'POST' || !/^\/sdapi\/v1\/(txt2img|img2img)$/.test(request.path)) return json({ detail: 'Not Found' }, 404);
      if (pending) {
        const reply = pending;
        pending = null;
        return reply;
      }
      const body = request.body as Record<string, number | string | string[]>;
      const seed = Number(body.seed) === -1 ? 1234567 : Number(body.seed);
      const count = Number(body.batch_size ?? 1);
      const images = await Promise.all(Array.from({ length: count }, (_, i) => solidPng(32, 32, (seed + i) * 37).then((png) => png.toString('base64'))));
      startedAt = Date.now();
      await new Promise((resolve) => setTimeout(resolve, fake.durationMs));
      startedAt = null;
      return json({ images, parameters: body, info: JSON.stringify({ seed, all_seeds: images.map((_, i) => seed + i), prompt: body.prompt }) });
    }),
    { durationMs: 0, failNext: (reply: Reply) => void (pending = reply) },
  );
  return fake;
}
