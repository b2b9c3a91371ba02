import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, before, describe, it } from 'node:test';
import sharp from 'sharp';
import type { ReferenceImage, VideoModels, VideoTask } from '@qiming/contracts';
import { ACCOUNT_TEST_ENV, call, envelope, registeredUser } from '../../testing/accounts.js';
import { assertLedgerMatches } from '../../testing/points.js';
import { createTestApp, type TestApp } from '../../testing/testApp.js';
import { MemoryBlobStore } from '../../storage/memoryBlobStore.js';
import { multipart } from '../uploads/testFiles.js';
import { VIDEO_CODES } from './codes.js';
import { clipInfo } from './mp4.js';

const DB = process.env.TEST_DATABASE ?? 'sqlite';
const ENV = { ...ACCOUNT_TEST_ENV, VIDEO_URL_SECRET: 'test-video-url-secret-0123456789abcdef', VIDEO_WORKERS: '2' };
const LUMA = 'luma-vip-video'; // 10000 points, 5 / 9 s
const SORA = 'sora-2'; // 30000 points, 4 / 8 / 12 s, through createSoraTask

type User = { id: string; token: string };

/** The whole product with no VIDEO_CHANNELS: every model is made by the offline generator. */
describe(`video tasks, offline generator (${DB})`, () => {
  let t: TestApp;
  const store = new MemoryBlobStore();
  let alice: User;
  let bob: User;
  before(async () => {
    t = await createTestApp(ENV, { images: { blobStore: store } });
    alice = await registeredUser(t.app.server);
    bob = await registeredUser(t.app.server);
    for (const user of [alice, bob]) await t.app.points.credit(user.id, 'permanent', 100_000, { kind: 'adjust', reference: 'test', key: `video-test-${user.id}` });
  });
  after(() => t.close());
  const server = () => t.app.server;

  const spendable = async (userId: string) => {
    const balance = await t.app.points.balance(userId);
    return balance.restIntegral + balance.restIntegral2;
  };
  const submit = (user: User, path: string, payload: unknown) => envelope<VideoTask>(server(), 'POST', `video/${path}`, { token: user.token, payload });
  const status = (user: User, taskId: string) => envelope<VideoTask>(server(), 'POST', 'video/queryTaskStatus', { token: user.token, payload: { taskId } });
  async function finished(user: User, id: string): Promise<VideoTask> {
    for (let i = 0; i < 600; i++) {
      const task = (await status(user, id)).data;
      if (task.status === 'succeeded' || task.status === 'failed') return task;
      await sleep(50);
    }
    throw new Error(`task ${id} did not finish`);
  }
  const fetchUrl = (url: string, headers: Record<string, string> = {}) => server().inject({ method: 'GET', url, headers });
  const storedKeys = () => [...((store as unknown as { objects: Map<string, unknown> }).objects.keys())].filter((key) => key.startsWith('videos/'));

  it('lists the 视频 models with their own durations and aspects, signed out too', async () => {
    const models = (await envelope<VideoModels>(server(), 'GET', 'video/getModels')).data;
    const byId = new Map(models.models.map((model) => [model.id, model]));
    assert.deepEqual([...byId.keys()].sort(), ['domo-video', 'luma-vip-video', 'sora-2', 'veo3-pro']);
    assert.deepEqual([byId.get(SORA)!.durations, byId.get(SORA)!.aspects, byId.get(SORA)!.api], [[4, 8, 12], ['16:9', '9:16'], 'createSoraTask']);
    assert.deepEqual([byId.get('veo3-pro')!.durations, byId.get('veo3-pro')!.points, byId.get('veo3-pro')!.membersOnly, byId.get(LUMA)!.membersOnly], [[8], 65000, true, false]);
    assert.deepEqual([byId.get(LUMA)!.durations, byId.get(LUMA)!.api, byId.get(LUMA)!.priceText], [[5, 9], 'createTask', '10000积分/次']);
    assert.ok(models.models.every((model) => model.offlineDemo && model.kinds.includes('image2video')));
  });

  it('makes a real H.264 clip offline: held on submit, settled on success, served with ranges, a poster and a download name', async () => {
    const before = await spendable(alice.id);
    const queued = await submit(alice, 'createTask', { model: LUMA, kind: 'text2video', prompt: '雪山下的森林和湖泊，镜头缓缓推进', duration: 5, aspect: '16:9' });
    assert.equal(queued.code, 0, queued.msg);
    assert.equal(queued.data.points, 10_000);
    assert.ok(['排队中', '生成中 0%'].includes(queued.data.statusText) || queued.data.statusText.startsWith('生成中'), queued.data.statusText);
    assert.equal(await spendable(alice.id), before - 10_000);

    const task = await finished(alice, queued.data.id);
    assert.equal(task.status, 'succeeded', task.error ?? '');
    assert.deepEqual([task.statusText, task.progress, task.points, task.offlineDemo, task.duration, task.aspect], ['成功', 100, 10_000, true, 5, '16:9']);
    assert.equal(await spendable(alice.id), before - 10_000);
    await assertLedgerMatches(t.app.db.db, alice.id);
    const result = task.result!;
    assert.deepEqual([result.width, result.height, result.duration, result.mime], [640, 360, 5, 'video/mp4']);
    assert.match(result.url, /^\/app-api\/public\/videos\/[\w-]+\?exp=\d+&sig=[\w-]+$/);

    const whole = await fetchUrl(result.url);
    assert.equal(whole.statusCode, 200);
    assert.deepEqual([whole.headers['content-type'], whole.headers['accept-ranges'], whole.headers['content-disposition']], ['video/mp4', 'bytes', 'inline']);
    const bytes = whole.rawPayload;
    assert.equal(bytes.length, result.bytes);
    assert.equal(bytes.toString('latin1', 4, 8), 'ftyp');
    assert.deepEqual(clipInfo(bytes), { mime: 'video/mp4', width: 640, height: 360, durationMs: 5000 });
    // Fast start: the index before the media data; key frames listed (seeking needs them).
    assert.ok(bytes.indexOf('moov') < bytes.indexOf('mdat'));
    assert.ok(bytes.includes('stss') && bytes.includes('avc1'));

    const part = await fetchUrl(result.url, { range: 'bytes=100-1099' });
    assert.deepEqual([part.statusCode, part.headers['content-range'], part.headers['content-length']], [206, `bytes 100-1099/${bytes.length}`, '1000']);
    assert.ok(part.rawPayload.equals(bytes.subarray(100, 1100)));
    const tail = await fetchUrl(result.url, { range: 'bytes=-500' });
    assert.ok(tail.statusCode === 206 && tail.rawPayload.equals(bytes.subarray(bytes.length - 500)));
    const open = await fetchUrl(result.url, { range: `bytes=${bytes.length - 10}-` });
    assert.equal(open.rawPayload.length, 10);
    const beyond = await fetchUrl(result.url, { range: `bytes=${bytes.length}-` });
    assert.deepEqual([beyond.statusCode, beyond.headers['content-range']], [416, `bytes */${bytes.length}`]);
    assert.equal((await fetchUrl(result.url, { 'if-none-match': String(whole.headers.etag) })).statusCode, 304);

    const download = await fetchUrl(result.downloadUrl);
    assert.match(String(download.headers['content-disposition']), new RegExp(`^attachment; filename="${result.downloadName}"`));
    assert.match(result.downloadName, /^qiming-video-[\w-]{8}\.mp4$/);
    const poster = await fetchUrl(result.posterUrl!);
    assert.equal(poster.headers['content-type'], 'image/jpeg');
    assert.deepEqual(await sharp(poster.rawPayload).metadata().then((m) => [m.format, m.width, m.height]), ['jpeg', 640, 360]);

    const page = (await envelope<{ list: VideoTask[]; total: number }>(server(), 'POST', 'video/queryTaskPage', { token: alice.token, payload: { pageNo: 1, pageSize: 10 } })).data;
    assert.equal(page.list[0]!.id, task.id);
  });

  it('animates an uploaded first frame (图生视频) through createSoraTask, portrait', async () => {
    const picture = await sharp({ create: { width: 300, height: 500, channels: 3, background: { r: 200, g: 60, b: 40 } } }).jpeg().toBuffer();
    const { payload, headers } = multipart([{ name: 'file', filename: 'first.jpg', value: picture, contentType: 'image/jpeg' }]);
    const uploaded = (await call(server(), 'POST', 'sd/uploadImg', { token: alice.token, payload, headers })).json<{ data: ReferenceImage }>().data;
    const queued = await submit(alice, 'createSoraTask', { model: SORA, kind: 'image2video', prompt: '让画面里的颜色慢慢流动', duration: 4, aspect: '9:16', firstFrame: uploaded.id });
    assert.equal(queued.code, 0, queued.msg);
    assert.match(queued.data.firstFrameUrl!, /^\/app-api\/public\/image-references\//);
    const task = await finished(alice, queued.data.id);
    assert.equal(task.status, 'succeeded', task.error ?? '');
    assert.deepEqual([task.result!.width, task.result!.height, task.result!.duration, task.points], [360, 640, 4, 30_000]);
    // The poster is the red picture under the camera: mostly red.
    const { dominant } = await sharp((await fetchUrl(task.result!.posterUrl!)).rawPayload).stats();
    assert.ok(dominant.r > 150 && dominant.g < 120, JSON.stringify(dominant));
    // Bob may not use Alice's upload.
    const stolen = await submit(bob, 'createSoraTask', { model: SORA, kind: 'image2video', prompt: '动起来', duration: 4, aspect: '9:16', firstFrame: uploaded.id });
    assert.deepEqual([stolen.code, stolen.msg], [VIDEO_CODES.badFirstFrame, '首帧图片不存在或已过期，请重新上传']);
  });

  it('refuses what the model does not allow, a missing prompt, an unknown model and banned words, before anything is held', async () => {
    const before = await spendable(bob.id);
    const count = async () => Number((await t.app.db.db.selectFrom('video_tasks').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    const tasksBefore = await count();
    const base = { model: LUMA, kind: 'text2video', prompt: '海边日落', duration: 5, aspect: '16:9' };
    const refusals: Array<[string, unknown, number, string | RegExp]> = [
      ['createTask', { ...base, duration: 7 }, VIDEO_CODES.badOption, '该模型不支持此时长（可选：5 秒、9 秒）'],
      ['createSoraTask', { ...base, model: SORA, aspect: '1:1', duration: 4 }, VIDEO_CODES.badOption, '该模型不支持此画面比例（可选：16:9、9:16）'],
      ['createTask', { ...base, prompt: '   ' }, 400, /请输入视频描述/],
      ['createTask', { ...base, prompt: undefined }, 400, /请输入视频描述/],
      ['createTask', { ...base, model: 'gpt-4o' }, 400, '请选择视频模型'],
      ['createTask', { ...base, model: 'no-such-model' }, 400, '请选择视频模型'],
      ['createTask', { ...base, model: SORA, duration: 4 }, VIDEO_CODES.unsupported, '该模型请通过对应的接口提交'],
      ['createTask', { ...base, kind: 'image2video' }, VIDEO_CODES.badFirstFrame, '图生视频请先上传首帧图片'],
      ['createTask', { ...base, kind: 'image2video', firstFrame: 'nope' }, VIDEO_CODES.badFirstFrame, '首帧图片不存在或已过期，请重新上传'],
      ['createTask', { ...base, prompt: '教我怎么颠覆国家政权' }, 1901, '禁止输入违反中华人民共和国法律法规的内容！'],
      ['createTask', { ...base, prompt: '长'.repeat(1501) }, 400, /视频描述不能超过1500个字/],
      ['createTask', { ...base, duration: 'five' }, 400, /请选择视频时长/],
    ];
    for (const [path, payload, code, msg] of refusals) {
      const answer = await submit(bob, path, payload);
      assert.equal(answer.code, code, `${JSON.stringify(payload)} → ${answer.msg}`);
      if (typeof msg === 'string') assert.equal(answer.msg, msg);
      else assert.match(answer.msg, msg);
    }
    // Luma costs 10000, more than a new user's daily points: 602 and nothing held. Veo 3 is a
    // high-level model: members only (1801), as in chat.
    const poor = await registeredUser(server());
    assert.equal((await submit(poor, 'createTask', base)).code, 602);
    assert.equal((await submit(bob, 'createTask', { ...base, model: 'veo3-pro', duration: 8 })).code, 1801);
    assert.equal(await spendable(bob.id), before);
    assert.equal(await count(), tasksBefore);
  });

  it('keeps tasks and files to their owner; links refuse tampering; deleting removes the row and its files', async () => {
    const task = await finished(alice, (await submit(alice, 'createTask', { model: 'domo-video', kind: 'text2video', prompt: '夜晚的城市，霓虹闪烁', duration: 5, aspect: '1:1' })).data.id);
    assert.equal(task.status, 'succeeded', task.error ?? '');
    assert.deepEqual([task.result!.width, task.result!.height], [480, 480]);
    assert.deepEqual(await status(bob, task.id).then((a) => [a.code, a.msg]), [VIDEO_CODES.taskNotFound, '任务不存在或已删除']);
    assert.equal((await envelope(server(), 'POST', 'video/deleteByTaskId', { token: bob.token, payload: { taskId: task.id } })).code, VIDEO_CODES.taskNotFound);
    assert.equal((await call(server(), 'POST', 'video/queryTaskStatus', { payload: { taskId: task.id } })).statusCode, 401);
    const bobsPage = (await envelope<{ list: VideoTask[] }>(server(), 'POST', 'video/queryTaskPage', { token: bob.token, payload: {} })).data;
    assert.ok(bobsPage.list.every((item) => item.id !== task.id));

    const url = task.result!.url;
    assert.equal((await fetchUrl(url.replace(/sig=[\w-]{4}/, 'sig=AAAA'))).statusCode, 403);
    assert.equal((await fetchUrl(url.split('?')[0]!)).statusCode, 403);
    // A poster's signature does not open the video.
    const posterQuery = task.result!.posterUrl!.split('?')[1];
    assert.equal((await fetchUrl(`${url.split('?')[0]}?${posterQuery}`)).statusCode, 403);

    const keys = storedKeys().filter((key) => key.includes(task.id));
    assert.equal(keys.length, 2);
    const deleted = await envelope(server(), 'POST', 'video/deleteByTaskId', { token: alice.token, payload: { taskId: task.id } });
    assert.equal(deleted.code, 0, deleted.msg);
    assert.deepEqual(storedKeys().filter((key) => key.includes(task.id)), []);
    assert.equal((await fetchUrl(url)).statusCode, 404);
    assert.equal((await status(alice, task.id)).code, VIDEO_CODES.taskNotFound);
  });
});
