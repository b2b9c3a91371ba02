import { json, startFakeServer, type FakeServer, type RecordedRequest, type Reply } from '../../../images/providers/testing/fakeHttp.js';
import { tinyMp4 } from '../../testing.js';

export type FakeOutcome = 'ok' | 'fail' | 'refused';

const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1]);

/**
 * OpenAI's Videos API on 127.0.0.1: POST /v1/videos (multipart) → a queued job; each GET
 * /v1/videos/{id} moves it on (in_progress 50 %, then completed or failed); /content → an MP4,
 * ?variant=thumbnail → a JPEG. 401 without the right key.
 */
export async function startFakeOpenAiVideos(apiKey: string, outcome: () => FakeOutcome): Promise<FakeServer> {
  const polls = new Map<string, number>();
  const seconds = new Map<string, number>();
  let next = 0;
  return startFakeServer((request: RecordedRequest): Reply => {
    if (request.headers.authorization !== `Bearer ${apiKey}`) return json({ error: { message: 'Incorrect API key provided' } }, 401);
    if (request.method === 'POST' && request.path === '/v1/videos') {
      const fields = request.body as Record<string, unknown[]>;
      if (outcome() === 'refused') return json({ error: { message: 'Your request was rejected by the safety system (moderation)', type: 'invalid_request_error' } }, 400);
      const id = `video_${++next}`;
      seconds.set(id, Number(fields.seconds?.[0] ?? 4));
      return json({ id, object: 'video', status: 'queued', progress: 0, model: fields.model?.[0] });
    }
    const match = /^\/v1\/videos\/([\w-]+)(\/content)?$/.exec(request.path);
    if (!match) return json({ error: { message: 'not found' } }, 404);
    const id = match[1]!;
    if (match[2]) return request.query.get('variant') === 'thumbnail' ? { status: 200, bytes: JPEG, contentType: 'image/jpeg' } : { status: 200, bytes: tinyMp4(1280, 720, seconds.get(id)! * 1000), contentType: 'video/mp4' };
    const count = (polls.get(id) ?? 0) + 1;
    polls.set(id, count);
    if (count === 1) return json({ id, status: 'in_progress', progress: 50 });
    if (outcome() === 'fail') return json({ id, status: 'failed', error: { code: 'video_generation_failed', message: 'generation failed' } });
    return json({ id, status: 'completed', progress: 100 });
  });
}

/**
 * A new-api style relay on 127.0.0.1: POST /v1/video/generations → {task_id}; GET
 * /v1/video/generations/{id} → processing 30 %, then succeeded with a url on the same server (or
 * failed with a content refusal); the url serves an MP4 and cover_url a JPEG.
 */
export async function startFakeVideoRelay(apiKey: string, outcome: () => FakeOutcome): Promise<FakeServer> {
  const polls = new Map<string, number>();
  let next = 0;
  let base = '';
  const server = await startFakeServer((request: RecordedRequest): Reply => {
    if (request.path.startsWith('/files/')) return request.path.endsWith('.jpg') ? { status: 200, bytes: JPEG, contentType: 'image/jpeg' } : { status: 200, bytes: tinyMp4(960, 960, 5000), contentType: 'video/mp4' };
    if (request.headers.authorization !== `Bearer ${apiKey}`) return json({ error: { message: 'invalid token' } }, 401);
    if (request.method === 'POST' && request.path === '/v1/video/generations') return json({ task_id: `task-${++next}`, status: 'queued' });
    const match = /^\/v1\/video\/generations\/([\w-]+)$/.exec(request.path);
    if (!match) return json({ error: { message: 'not found' } }, 404);
    const id = match[1]!;
    const count = (polls.get(id) ?? 0) + 1;
    polls.set(id, count);
    if (count === 1) return json({ task_id: id, status: 'processing', progress: '30%' });
    if (outcome() === 'fail') return json({ task_id: id, status: 'failed', error: { code: 1301, message: 'prompt flagged as sensitive content' } });
    return json({ task_id: id, status: 'succeeded', format: 'mp4', url: `${base}/files/${id}.mp4`, cover_url: `${base}/files/${id}.jpg`, metadata: { duration: 5, width: 960, height: 960 } });
  });
  base = server.baseUrl;
  return server;
}
