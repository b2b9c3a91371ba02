import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, before, describe, it } from 'node:test';
import sharp from 'sharp';
import type { GalleryPage, ImageFunctions, ImageTask, LikeState, ReferenceImage, SharedImage } from '@qiming/contracts';
import { ACCOUNT_TEST_ENV, call, data, envelope, registeredUser } from '../../testing/accounts.js';
import { assertLedgerMatches, createUser } from '../../testing/points.js';
import { createTestApp, type TestApp } from '../../testing/testApp.js';
import { MemoryBlobStore } from '../../storage/memoryBlobStore.js';
import { multipart } from '../uploads/testFiles.js';
import { IMAGE_CODES } from './codes.js';
import { FakeImageProvider, providersOf, solidPng } from './testing.js';
import { ImageLinks } from './urls.js';

const DB = process.env.TEST_DATABASE ?? 'sqlite';
const URL_SECRET = 'test-image-url-secret-0123456789abcdef';
const ENV = { ...ACCOUNT_TEST_ENV, IMAGE_URL_SECRET: URL_SECRET, IMAGE_WORKERS: '2' };
const SD = 'stable-diffusion'; // 30 points per task
const MJ = 'mj-chat'; // 5000 points per task

type User = { id: string; token: string };

describe(`image tasks (${DB})`, () => {
  let t: TestApp;
  const provider = new FakeImageProvider();
  const store = new MemoryBlobStore();
  let alice: User;
  let bob: User;
  before(async () => {
    t = await createTestApp(ENV, { images: { providers: providersOf(provider), blobStore: store } });
    alice = await registeredUser(t.app.server);
    bob = await registeredUser(t.app.server);
  });
  after(() => t.close());
  const server = () => t.app.server;

  const spendable = async (userId: string) => {
    const balance = await t.app.points.balance(userId);
    return balance.restIntegral + balance.restIntegral2;
  };
  const submit = (user: User, path: string, payload: unknown) => envelope<ImageTask>(server(), 'POST', path, { token: user.token, payload });
  const read = (user: User, id: string) => envelope<ImageTask>(server(), 'GET', `sd/getImgByReqId?reqId=${encodeURIComponent(id)}`, { token: user.token });
  /** Polls the task as the page does (faster), until it is done. */
  async function finished(user: User, id: string): Promise<ImageTask> {
    for (let i = 0; i < 500; i++) {
      const task = (await read(user, id)).data;
      if (task.status === 'succeeded' || task.status === 'failed') return task;
      await sleep(20);
    }
    throw new Error(`task ${id} did not finish`);
  }
  const fetchUrl = (url: string, headers: Record<string, string> = {}) => server().inject({ method: 'GET', url, headers });

  it('holds the price per image on submit, settles on success, and serves owner-signed pictures and WebP thumbnails', async () => {
    provider.mode = 'ok';
    const before = await spendable(alice.id);
    const queued = await submit(alice, 'sd/txt2img', { model: SD, prompt: '山间云海', count: 2, aspect: '16:9', style: 'watercolor', seed: 123 });
    assert.equal(queued.code, 0, queued.msg);
    assert.equal(queued.data.points, 60);
    assert.ok(['queued', 'running'].includes(queued.data.status));
    assert.ok(['排队中', '生成中 0%', '生成中 10%', '生成中 60%'].includes(queued.data.statusText), queued.data.statusText);
    assert.equal(await spendable(alice.id), before - 60);

    const task = await finished(alice, queued.data.id);
    assert.equal(task.status, 'succeeded', task.error ?? '');
    assert.deepEqual([task.statusText, task.progress, task.points, task.results.length, task.seed], ['成功', 100, 60, 2, 123]);
    assert.deepEqual([task.width, task.height, task.aspect], [1368, 768, '16:9']);
    assert.equal(await spendable(alice.id), before - 60);
    await assertLedgerMatches(t.app.db.db, alice.id);
    const job = provider.jobs.at(-1)!;
    assert.match(job.prompt, /^山间云海, watercolor painting/);
    assert.equal(job.upstreamModel, 'fake-model');

    const [first] = task.results;
    assert.match(first!.url, /^\/app-api\/public\/images\/[\w-]+\?exp=\d+&sig=[\w-]+$/);
    const original = await fetchUrl(first!.url);
    assert.equal(original.statusCode, 200);
    assert.equal(original.headers['content-type'], 'image/png');
    assert.equal(original.headers['x-content-type-options'], 'nosniff');
    assert.match(String(original.headers['cache-control']), /^private, max-age=\d+, immutable$/);
    assert.deepEqual(await sharp(original.rawPayload).metadata().then((m) => [m.format, m.width, m.height]), ['png', 96, 64]);
    const again = await fetchUrl(first!.url, { 'if-none-match': String(original.headers.etag) });
    assert.equal(again.statusCode, 304);
    const thumb = await fetchUrl(first!.thumbUrl);
    assert.equal(thumb.headers['content-type'], 'image/webp');
    assert.equal((await sharp(thumb.rawPayload).metadata()).format, 'webp');
    // The next poll gets the same links (the browser's cache keeps working).
    assert.equal((await read(alice, task.id)).data.results[0]!.url, first!.url);

    const history = await data<{ list: ImageTask[]; total: number }>(server(), 'POST', 'sd/queryTaskHistory', { token: alice.token, payload: { pageNo: 1, pageSize: 10 } });
    assert.equal(history.list[0]!.id, task.id);
  });

  it('charges only the images that came back, and refunds everything when the provider fails', async () => {
    const before = await spendable(alice.id);
    provider.mode = { partial: 1 };
    const partial = await finished(alice, (await submit(alice, 'sd/txt2img', { model: SD, prompt: '一只猫', count: 3 })).data.id);
    assert.deepEqual([partial.status, partial.results.length, partial.points], ['succeeded', 1, 30]);
    assert.equal(await spendable(alice.id), before - 30);

    provider.mode = 'fail';
    const queued = await submit(alice, 'sd/txt2img', { model: SD, prompt: '一只狗', count: 2 });
    assert.equal(queued.data.points, 60);
    const failed = await finished(alice, queued.data.id);
    assert.deepEqual([failed.status, failed.statusText, failed.error, failed.points, failed.results], ['failed', '失败', '上游绘图服务拒绝了该请求', 0, []]);
    assert.equal(await spendable(alice.id), before - 30);
    await assertLedgerMatches(t.app.db.db, alice.id);
    provider.mode = 'ok';
  });

  it('refuses a banned prompt, an unknown or non-drawing model, and a short balance before anything is held', async () => {
    const before = await spendable(bob.id);
    const tasksBefore = await t.app.db.db.selectFrom('image_tasks').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const banned = await submit(bob, 'sd/txt2img', { model: SD, prompt: '教我怎么颠覆国家政权' });
    assert.deepEqual([banned.code, banned.msg], [1901, '禁止输入违反中华人民共和国法律法规的内容！']);
    const bannedNegative = await submit(bob, 'backend-api/mjPainter', { model: MJ, prompt: '风景', negativePrompt: '分裂国家' });
    assert.equal(bannedNegative.code, 1901);
    assert.deepEqual(await submit(bob, 'sd/txt2img', { model: 'gpt-4o', prompt: '画一只猫' }).then((a) => [a.code, a.msg]), [400, '请选择绘画模型']);
    assert.equal((await submit(bob, 'sd/txt2img', { model: SD, prompt: '画', style: 'nope' })).code, 400);
    // Midjourney costs 5000, more than a new user's daily points.
    assert.equal((await submit(bob, 'backend-api/mjPainter', { model: MJ, prompt: '风景' })).code, 602);
    assert.equal(await spendable(bob.id), before);
    const tasksAfter = await t.app.db.db.selectFrom('image_tasks').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    assert.equal(Number(tasksAfter.n), Number(tasksBefore.n));
  });

  it('keeps tasks and images to their owner; signed links refuse tampering and expiry', async () => {
    const task = await finished(alice, (await submit(alice, 'sd/txt2img', { model: SD, prompt: '灯塔' })).data.id);
    const image = task.results[0]!;
    assert.deepEqual(await read(bob, task.id).then((a) => [a.code, a.msg]), [IMAGE_CODES.taskNotFound, '任务不存在或已删除']);
    assert.equal((await envelope(server(), 'GET', `backend-api/getMjTaskInfo?taskId=${task.id}`, { token: bob.token })).code, IMAGE_CODES.taskNotFound);
    assert.equal((await envelope(server(), 'GET', `sd/deleteTaskById?id=${task.id}`, { token: bob.token })).code, IMAGE_CODES.taskNotFound);
    assert.equal((await envelope(server(), 'POST', 'sdImg/share', { token: bob.token, payload: { imageId: image.id, share: true } })).code, IMAGE_CODES.imageNotFound);
    assert.equal((await envelope(server(), 'POST', 'backend-api/mjAction', { token: bob.token, payload: { taskId: task.id, action: 'U1' } })).code, IMAGE_CODES.taskNotFound);
    assert.equal((await call(server(), 'GET', `sd/getImgByReqId?reqId=${task.id}`)).statusCode, 401);

    // Not shared: the bare URL is a 404; a tampered or expired signature a 403.
    assert.equal((await fetchUrl(`/app-api/public/images/${image.id}`)).statusCode, 404);
    assert.equal((await fetchUrl(image.url.replace(/sig=[\w-]{4}/, 'sig=AAAA'))).statusCode, 403);
    assert.equal((await fetchUrl(image.url.replace(image.id, 'no-such-image'))).statusCode, 404);
    const otherImagesLink = image.thumbUrl.replace('/thumb?', '?');
    assert.equal((await fetchUrl(otherImagesLink)).statusCode, 403, 'a thumbnail link does not open the original');
    const expired = new ImageLinks(URL_SECRET, () => new Date(Date.now() - 3 * 3600_000)).signedUrl(image.id, 'original');
    const refusal = await fetchUrl(expired);
    assert.equal(refusal.statusCode, 403);
    assert.equal(refusal.json().msg, '图片链接无效或已过期');
    assert.equal((await fetchUrl(new ImageLinks(URL_SECRET, () => new Date()).signedUrl(image.id, 'original'))).statusCode, 200);

    // The owner deletes it: the files go too.
    const keys = await t.app.db.db.selectFrom('images').select(['original_key', 'thumb_key']).where('task_id', '=', task.id).execute();
    assert.equal((await envelope(server(), 'GET', `sd/deleteTaskById?id=${task.id}`, { token: alice.token })).code, 0);
    assert.equal((await read(alice, task.id)).code, IMAGE_CODES.taskNotFound);
    for (const key of keys) assert.equal(await store.exists(key.original_key), false);
    assert.equal((await fetchUrl(image.url)).statusCode, 404);
  });

  it('cuts a Midjourney grid into four, upscales a quadrant once, and describes an uploaded image', async () => {
    const carol = await registeredUser(server());
    await t.app.points.credit(carol.id, 'permanent', 20_000, { kind: 'adjust', reference: 'test', key: `test-credit-${carol.id}` });
    const grid = await finished(carol, (await submit(carol, 'backend-api/mjPainter', { model: MJ, prompt: '未来城市' })).data.id);
    assert.equal(grid.status, 'succeeded', grid.error ?? '');
    assert.deepEqual(grid.results.map((r) => [r.index, r.width, r.height]), [[1, 128, 128], [2, 128, 128], [3, 128, 128], [4, 128, 128]]);
    assert.deepEqual(grid.actions, ['U1', 'U2', 'U3', 'U4', 'V1', 'V2', 'V3', 'V4', 'reroll']);
    assert.equal(grid.points, 5000);

    const upscale = await submit(carol, 'backend-api/mjAction', { taskId: grid.id, action: 'U2' });
    assert.equal(upscale.code, 0, upscale.msg);
    const twice = await submit(carol, 'backend-api/mjAction', { taskId: grid.id, action: 'U2' });
    assert.deepEqual([twice.code, twice.msg], [IMAGE_CODES.actionUsed, '该操作已执行过']);
    const upscaled = await finished(carol, upscale.data.id);
    assert.deepEqual([upscaled.status, upscaled.parentTaskId, upscaled.action, upscaled.results.length, upscaled.actions], ['succeeded', grid.id, 'U2', 1, []]);
    const actionJob = provider.jobs.find((job) => job.action?.name === 'U2')!;
    assert.equal(actionJob.action!.parent.images.length, 4);
    assert.deepEqual(actionJob.action!.parent.providerState, { upstreamTask: 'fake-1' });
    assert.equal((await submit(carol, 'backend-api/mjAction', { taskId: upscaled.id, action: 'U1' })).code, IMAGE_CODES.unsupported);

    const reference = await upload(carol, await solidPng(40, 30));
    const described = await finished(carol, (await submit(carol, 'backend-api/mjDescribe', { model: MJ, image: reference.id })).data.id);
    assert.deepEqual([described.status, described.descriptions.length, described.results.length, described.references.length], ['succeeded', 4, 0, 1]);
    assert.equal(provider.jobs.at(-1)!.references[0]!.mime, 'image/png');
    // Another user's reference is not usable.
    assert.equal((await submit(alice, 'sd/img2img', { model: SD, prompt: '改成水彩', images: [reference.id] })).code, IMAGE_CODES.badReference);
  });

  async function upload(user: User, file: Buffer, filename = 'photo.jpg') {
    const { payload, headers } = multipart([{ name: 'file', filename, value: file, contentType: 'image/jpeg' }]);
    const response = await call(server(), 'POST', 'sd/uploadImg', { token: user.token, payload, headers });
    assert.equal(response.statusCode, 200);
    const answer = response.json<{ code: number; data: ReferenceImage; msg: string }>();
    assert.equal(answer.code, 0, answer.msg);
    return answer.data;
  }

  it('sniffs reference uploads by their bytes, limits their size and strips their metadata', async () => {
    const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3366cc' } })
      .jpeg()
      .withExif({ IFD0: { Copyright: 'Alice 2030', Artist: 'Alice' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '39/1 54/1 0/1' } })
      .toBuffer();
    assert.ok((await sharp(photo).metadata()).exif, 'the test photo carries EXIF');
    assert.ok(photo.includes('Alice 2030'));
    const reference = await upload(alice, photo, 'holiday.png');
    assert.deepEqual([reference.width, reference.height], [64, 48]);
    const served = await fetchUrl(reference.url);
    assert.equal(served.statusCode, 200);
    assert.equal(served.headers['content-type'], 'image/jpeg');
    const meta = await sharp(served.rawPayload).metadata();
    assert.deepEqual([meta.format, meta.exif, meta.xmp, meta.icc], ['jpeg', undefined, undefined, undefined]);
    assert.equal(served.rawPayload.includes('Alice 2030'), false);
    assert.equal(served.rawPayload.includes('Exif'), false);
    // Only its owner has the link; a made-up signature is refused.
    assert.equal((await fetchUrl(reference.url.replace(/sig=[\w-]+/, 'sig=forged'))).statusCode, 403);

    const post = (file: Buffer, filename: string) => {
      const { payload, headers } = multipart([{ name: 'file', filename, value: file, contentType: 'image/png' }]);
      return call(server(), 'POST', 'sd/uploadResource', { token: alice.token, payload, headers }).then((r) => r.json<{ code: number; msg: string }>());
    };
    assert.equal((await post(Buffer.from('not an image at all, just text'), 'fake.png')).code, IMAGE_CODES.badReference);
    const gif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
    assert.equal((await post(gif, 'tiny.png')).code, IMAGE_CODES.badReference);
    const tooBig = Buffer.concat([await solidPng(8, 8), Buffer.alloc(10 * 1024 * 1024)]);
    assert.deepEqual(await post(tooBig, 'big.png').then((a) => [a.code, a.msg]), [IMAGE_CODES.badReference, '参考图片不能超过 10MB']);
  });

  it('shares to the gallery (signed out may look), counts likes exactly under 50 concurrent likes, and unshares', async () => {
    const task = await finished(bob, (await submit(bob, 'sd/txt2img', { model: SD, prompt: '樱花树下的少女', seed: 9 })).data.id);
    const imageId = task.results[0]!.id;
    const shared = await data<SharedImage>(server(), 'POST', 'sdImg/share', { token: bob.token, payload: { imageId, share: true } });
    assert.deepEqual([shared.imageId, shared.mine, shared.likes, shared.prompt, shared.seed, shared.model], [imageId, true, 0, '樱花树下的少女', 9, SD]);
    assert.equal(shared.url, `/app-api/public/images/${imageId}`);
    const open = await fetchUrl(shared.url);
    assert.equal(open.statusCode, 200);
    assert.equal(open.headers['cache-control'], 'public, max-age=2592000, immutable');
    assert.equal((await read(bob, task.id)).data.results[0]!.url, shared.url);

    const signedOut = await server().inject({ method: 'POST', url: '/app-api/sdImg/listSdImgShare', payload: { pageNo: 1, pageSize: 10 }, headers: (await import('../../testing/signature.js')).signForTest() });
    const page = signedOut.json<{ code: number; data: GalleryPage }>();
    assert.equal(page.code, 0);
    const listed = page.data.list.find((item) => item.imageId === imageId)!;
    assert.deepEqual([listed.liked, listed.mine, listed.author.length > 0], [false, false, true]);
    assert.equal((await call(server(), 'GET', `sdImg/like?imageId=${imageId}`)).statusCode, 401);

    // 50 users like at once, and one of them ten more times at once.
    const likers = await Promise.all(Array.from({ length: 50 }, () => createUser(t.app)));
    await Promise.all(likers.map((userId) => t.app.images.service.like(userId, imageId, true)));
    await Promise.all(Array.from({ length: 10 }, () => t.app.images.service.like(likers[0]!, imageId, true)));
    const viaHttp = await data<LikeState>(server(), 'GET', `sdImg/like?imageId=${imageId}`, { token: alice.token });
    assert.deepEqual(viaHttp, { imageId, liked: true, likes: 51 });
    assert.deepEqual(await data<LikeState>(server(), 'GET', `sdImg/like?imageId=${imageId}`, { token: alice.token }), { imageId, liked: true, likes: 51 });
    const rows = await t.app.db.db.selectFrom('image_likes').select((eb) => eb.fn.countAll<number>().as('n')).where('image_id', '=', imageId).executeTakeFirstOrThrow();
    assert.equal(Number(rows.n), 51);
    await Promise.all(likers.slice(0, 20).flatMap((userId) => [t.app.images.service.like(userId, imageId, false), t.app.images.service.like(userId, imageId, false)]));
    assert.deepEqual(await data<LikeState>(server(), 'GET', `sdImg/unlike?imageId=${imageId}`, { token: alice.token }), { imageId, liked: false, likes: 30 });

    const byLikes = await data<GalleryPage>(server(), 'POST', 'sdImg/listSdImgShare', { token: bob.token, payload: { sort: 'likes' } });
    assert.equal(byLikes.list[0]!.imageId, imageId);
    assert.deepEqual([byLikes.list[0]!.likes, byLikes.list[0]!.mine], [30, true]);

    // Taken off: gone from the gallery, the public URL closes, likes are refused.
    assert.equal(await data(server(), 'POST', 'sdImg/share', { token: bob.token, payload: { imageId, share: false } }), null);
    assert.equal((await fetchUrl(shared.url)).statusCode, 404);
    const after = await data<GalleryPage>(server(), 'POST', 'sdImg/listSdImgShare', { token: bob.token, payload: {} });
    assert.equal(after.list.some((item) => item.imageId === imageId), false);
    assert.equal((await envelope(server(), 'GET', `sdImg/like?imageId=${imageId}`, { token: alice.token })).code, IMAGE_CODES.imageNotFound);
  });

  it('lists the drawing models with prices, abilities, styles and limits (signed out too)', async () => {
    const functions = await data<ImageFunctions>(server(), 'GET', 'sd/getFunctions');
    const sd = functions.models.find((model) => model.id === SD)!;
    assert.deepEqual([sd.priceText, sd.points, sd.maxCount, sd.offlineDemo, sd.negativePrompt], ['30积分/次', 30, 4, false, true]);
    assert.ok(sd.kinds.includes('txt2img') && sd.kinds.includes('imagine'));
    assert.equal(functions.models.some((model) => model.id === 'gpt-4o'), false);
    assert.ok(functions.styles.length >= 10);
    assert.ok(functions.styles.some((style) => style.name === '国风'));
    assert.equal(functions.limits.maxActivePerUser, 4);
  });
});

describe(`image tasks with the embedded default: the offline painter (${DB})`, () => {
  let t: TestApp;
  before(async () => {
    // No provider override: app.ts builds the providers of IMAGE_CHANNELS, here none.
    t = await createTestApp({ ...ENV, IMAGE_CHANNELS: '' }, { images: { blobStore: new MemoryBlobStore() } });
  });
  after(() => t.close());

  it('draws a prompt-dependent PNG labelled 离线演示, and a grid of four that upscales', async () => {
    const user = await registeredUser(t.app.server);
    await t.app.points.credit(user.id, 'permanent', 20_000, { kind: 'adjust', reference: 'test', key: `test-credit-${user.id}` });
    const submit = (path: string, payload: unknown) => data<ImageTask>(t.app.server, 'POST', path, { token: user.token, payload });
    const done = async (id: string) => {
      for (let i = 0; i < 1000; i++) {
        const task = await data<ImageTask>(t.app.server, 'GET', `sd/getImgByReqId?reqId=${id}`, { token: user.token });
        if (task.status === 'succeeded' || task.status === 'failed') return task;
        await sleep(20);
      }
      throw new Error('the offline painter did not finish');
    };
    const picture = async (url: string) => (await t.app.server.inject({ method: 'GET', url })).rawPayload;

    const sea = await done((await submit('sd/txt2img', { model: SD, prompt: '夜晚的海边，月亮和星星', aspect: '1:1', seed: 7 })).id);
    const city = await done((await submit('sd/txt2img', { model: SD, prompt: '阳光下的城市和花', aspect: '1:1', seed: 7 })).id);
    for (const task of [sea, city]) assert.deepEqual([task.status, task.offlineDemo, task.results.length], ['succeeded', true, 1], task.error ?? '');
    const [seaPng, cityPng] = [await picture(sea.results[0]!.url), await picture(city.results[0]!.url)];
    assert.equal((await sharp(seaPng).metadata()).format, 'png');
    assert.notDeepEqual(seaPng, cityPng, 'another prompt, another picture');
    const seaStats = await sharp(seaPng).stats();
    const cityStats = await sharp(cityPng).stats();
    assert.ok(seaStats.channels[0]!.mean + seaStats.channels[1]!.mean < cityStats.channels[0]!.mean + cityStats.channels[1]!.mean, 'the night sea is darker than the sunny city');

    // Midjourney draws a grid of four whoever draws it: the page offers it no 文生图 of one image.
    const functions = await data<ImageFunctions>(t.app.server, 'GET', 'sd/getFunctions');
    const mj = functions.models.find((model) => model.id === MJ)!;
    assert.deepEqual([mj.kinds.includes('imagine'), mj.kinds.includes('txt2img'), mj.offlineDemo], [true, false, true]);
    assert.equal((await envelope(t.app.server, 'POST', 'sd/txt2img', { token: user.token, payload: { model: MJ, prompt: '猫' } })).code, IMAGE_CODES.unsupported);

    const grid = await done((await data<ImageTask>(t.app.server, 'POST', 'backend-api/mjPainter', { token: user.token, payload: { model: MJ, prompt: '雪山下的森林', aspect: '1:1' } })).id);
    assert.deepEqual([grid.status, grid.results.length, grid.offlineDemo], ['succeeded', 4, true]);
    assert.ok(grid.actions.includes('U2'));
    const upscaled = await done((await data<ImageTask>(t.app.server, 'POST', 'backend-api/mjAction', { token: user.token, payload: { taskId: grid.id, action: 'U2' } })).id);
    assert.equal(upscaled.status, 'succeeded', upscaled.error ?? '');
    assert.ok(upscaled.results[0]!.width > grid.results[1]!.width, 'an upscale is a larger render');
  });
});
