import { json, type FakeServer, type Reply, solidPng, startFakeServer } from './fakeHttp.js';

export interface FakeOpenAiImages extends FakeServer {
  /** How pictures come back: base64 in the answer, or URLs to fetch from this server. */
  format: 'b64_json' | 'url';
  /** The next generation or edit answers this instead (an error). */
  failNext(reply: Reply): void;
  /** Generations wait this long (to test timeouts and aborts). */
  delayMs: number;
}

/**
 * OpenAI's Images API as documented: POST /v1/images/generations (JSON) and /v1/images/edits
 * (multipart, image[]), Bearer key, answer { created, data: [{ b64_json } | { url }] }; errors as
 * { error: { message, type, code } }.
 */
export async function startFakeOpenAiImages(apiKey = 'sk-images'): Promise<FakeOpenAiImages> {
  const files = new Map<string, Buffer>();
  let pending: Reply | null = null;
  const fake: FakeOpenAiImages = Object.assign(
    await startFakeServer(async (request) => {
      if (request.method === 'GET' && request.path.startsWith('/files/')) {
        const file = files.get(request.path.slice('/files/'.length));
        return file ? { status: 200, bytes: file, contentType: 'image/png' } : json({ error: { message: 'not found' } }, 404);
      }
      if (request.headers.authorization !== `Bearer ${apiKey}`) return json({ error: { message: 'Incorrect API key provided', type: 'invalid_request_error', code: 'invalid_api_key' } }, 401);
      if (request.method !== 'POST' || (request.path !== '/v1/images/generations' && request.path !== '/v1/images/edits')) return json({ error: { message: 'Unknown route' } }, 404);
      if (pending) {
        const reply = pending;
        pending = null;
        return reply;
      }
      const body = request.body as Record<string, unknown>;
      const field = (name: string) => (Array.isArray(body[name]) ? (body[name] as unknown[])[0] : body[name]);
      const n = Number(field('n') ?? 1);
      const [width, height] = String(field('size') ?? '1024x1024').split('x').map(Number) as [number, number];
      const data = [];
      for (let i = 0; i < n; i++) {
        const png = await solidPng(Math.min(width, 64), Math.min(height, 64), i * 90);
        if (fake.format === 'b64_json') data.push({ b64_json: png.toString('base64'), revised_prompt: String(field('prompt')) });
        else {
          const name = `img-${fake.requests.length}-${i}.png`;
          files.set(name, png);
          data.push({ url: `${fake.baseUrl}/files/${name}` });
        }
      }
      return { ...json({ created: Math.floor(Date.now() / 1000), data }), delayMs: fake.delayMs };
    }),
    { format: 'b64_json' as const, delayMs: 0, failNext: (reply: Reply) => void (pending = reply) },
  );
  return fake;
}
