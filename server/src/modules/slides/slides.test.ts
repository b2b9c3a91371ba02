import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, before, describe, it } from 'node:test';
import type { Deck, DeckOutline, DeckSummary, Page, SlideFunctions } from '@qiming/contracts';
import { ACCOUNT_TEST_ENV, call, data, envelope, registeredUser } from '../../testing/accounts.js';
import { assertLedgerMatches } from '../../testing/points.js';
import { createTestApp, type TestApp } from '../../testing/testApp.js';
import { createTestStorage } from '../../testing/testDatabase.js';
import { uploadText } from '../knowledge/testKnowledge.js';
import { SlidesRepository } from './repository.js';
import { SLIDE_CODES } from '@qiming/contracts';

const DB = process.env.TEST_DATABASE ?? 'sqlite';
const ENV = { ...ACCOUNT_TEST_ENV, SLIDES_OFFLINE_PACE_MS: '0' };
const PRICE = 1000;
type User = { id: string; token: string };

const spendable = async (t: TestApp, userId: string) => {
  const balance = await t.app.points.balance(userId);
  return balance.restIntegral + balance.restIntegral2;
};
const post = <T>(t: TestApp, user: User | null, path: string, payload: unknown) => envelope<T>(t.app.server, 'POST', path, { token: user?.token, payload });
const read = (t: TestApp, user: User, deckId: string) => post<Deck>(t, user, 'ppt/success', { deckId });

async function until(t: TestApp, user: User, deckId: string, done: (deck: Deck) => boolean): Promise<Deck> {
  for (let i = 0; i < 500; i++) {
    const deck = (await read(t, user, deckId)).data;
    if (done(deck)) return deck;
    await sleep(20);
  }
  throw new Error(`deck ${deckId} did not get there`);
}
const outlined = (t: TestApp, user: User, deckId: string) => until(t, user, deckId, (deck) => deck.status !== 'outlining');
const generated = (t: TestApp, user: User, deckId: string) => until(t, user, deckId, (deck) => deck.status === 'succeeded' || deck.status === 'failed');

describe(`slides (${DB})`, () => {
  let t: TestApp;
  let alice: User;
  let bob: User;
  before(async () => {
    t = await createTestApp(ENV);
    alice = await registeredUser(t.app.server);
    bob = await registeredUser(t.app.server);
  });
  after(() => t.close());

  it('writes an outline from the topic, takes the edited outline, generates slide by slide, holds then charges the deck price', async () => {
    const functions = (await envelope<SlideFunctions>(t.app.server, 'GET', 'ppt/functions')).data;
    assert.deepEqual([functions.points, functions.offlineDemo, functions.templates.length >= 6], [PRICE, true, true]);

    const before = await spendable(t, alice.id);
    const created = await post<Deck>(t, alice, 'ppt/createToken', { topic: '人工智能与教育', slideCount: 6, templateId: 'ocean' });
    assert.equal(created.code, 0, created.msg);
    assert.ok(['outlining', 'draft'].includes(created.data.status));
    const draft = await outlined(t, alice, created.data.id);
    assert.equal(draft.status, 'draft', draft.error ?? '');
    assert.equal(draft.offlineDemo, true);
    assert.equal(draft.outline.sections.length, 5);
    assert.equal(draft.outline.title, '人工智能与教育');
    const words = JSON.stringify(draft.outline);
    assert.match(words, /人工智能/);
    assert.match(words, /教育/);
    assert.equal(await spendable(t, alice.id), before, 'the outline is free');

    // The user's edits: rename a section, drop a point, move the last section first.
    const sections = draft.outline.sections.map((section) => ({ ...section, points: [...section.points] }));
    sections[0]!.title = '什么是智慧教育';
    sections[0]!.points.splice(1, 1);
    sections.unshift(sections.pop()!);
    const edited: DeckOutline = { title: '智慧教育', sections };
    const saved = await post<Deck>(t, alice, 'ppt/saveOutline', { deckId: draft.id, outline: edited });
    assert.equal(saved.code, 0, saved.msg);
    assert.deepEqual(saved.data.outline, edited);

    const started = await post<Deck>(t, alice, 'ppt/start', { deckId: draft.id, templateId: 'forest' });
    assert.equal(started.code, 0, started.msg);
    assert.ok(['queued', 'running', 'succeeded'].includes(started.data.status));
    assert.equal(started.data.points, PRICE);
    assert.equal(started.data.total, 6);
    assert.equal(await spendable(t, alice.id), before - PRICE);
    const again = await post<Deck>(t, alice, 'ppt/start', { deckId: draft.id, templateId: 'forest' });
    if (again.code !== 0) assert.equal(again.code, SLIDE_CODES.deckBusy);

    const done = await generated(t, alice, draft.id);
    assert.equal(done.status, 'succeeded', done.error ?? '');
    assert.deepEqual([done.done, done.total, done.slides.length, done.templateId, done.statusText], [6, 6, 6, 'forest', '已完成']);
    assert.equal(done.slides[0]!.layout, 'title');
    assert.equal(done.slides[0]!.title, '智慧教育');
    assert.equal(done.slides[1]!.title, edited.sections[0]!.title);
    assert.equal(done.slides[2]!.title, '什么是智慧教育');
    const layouts = new Set(done.slides.map((slide) => slide.layout));
    assert.ok(layouts.size >= 4, [...layouts].join());
    if (again.code === 0) assert.equal(await spendable(t, alice.id), before - 2 * PRICE);
    else assert.equal(await spendable(t, alice.id), before - PRICE);
    await assertLedgerMatches(t.app.db.db, alice.id);

    const list = (await post<Page<DeckSummary>>(t, alice, 'ppt/list', {})).data;
    assert.equal(list.list[0]!.id, draft.id);
    assert.ok(!('slides' in list.list[0]!));
    const renamed = await post<Deck>(t, alice, 'ppt/rename', { deckId: draft.id, title: '  新名字 ' });
    assert.equal(renamed.data.title, '新名字');
    assert.equal((await post(t, alice, 'ppt/delete', { deckId: draft.id })).code, 0);
    assert.equal((await read(t, alice, draft.id)).code, SLIDE_CODES.deckNotFound);
    assert.equal(Number((await t.app.db.db.selectFrom('slide_tasks').select((eb) => eb.fn.countAll<number>().as('n')).where('deck_id', '=', draft.id).executeTakeFirstOrThrow()).n), 0);
  });

  it('reads a deck after its generation: a finished deck never shows a slide fewer than its task counts', async () => {
    const carol = await registeredUser(t.app.server);
    const created = await post<Deck>(t, carol, 'ppt/createToken', { topic: '城市绿化', slideCount: 6, templateId: 'ocean' });
    await outlined(t, carol, created.data.id);
    assert.equal((await post<Deck>(t, carol, 'ppt/start', { deckId: created.data.id, templateId: 'ocean' })).code, 0);
    const done = await generated(t, carol, created.data.id);
    // The worker's last save lands between the reads: the deck is read as it was before it, its task after it.
    const repo = new SlidesRepository(t.app.db.db);
    const saveSlides = (slides: unknown[]) => repo.db.updateTable('slide_decks').set({ slides: JSON.stringify(slides) }).where('id', '=', created.data.id).execute();
    await saveSlides(done.slides.slice(0, -1));
    const readTask = repo.task.bind(repo);
    repo.task = async (id) => {
      const task = await readTask(id);
      await saveSlides(done.slides);
      return task;
    };
    const found = await repo.deckWithTask(created.data.id);
    assert.equal(found!.task!.status, 'succeeded');
    assert.equal(JSON.parse(found!.deck.slides).length, done.total);
  });

  it('outlines an uploaded document from its headings and key sentences', async () => {
    const doc = [
      '# 新能源汽车行业分析',
      '## 市场规模',
      '2023 年国内新能源汽车销量达到 950 万辆，同比增长 38%。渗透率已经超过三成。',
      '## 电池技术',
      '磷酸铁锂电池成本更低、寿命更长。三元锂电池能量密度更高，适合长续航车型。',
      '## 充电设施',
      '公共充电桩数量快速增长，但分布仍不均衡。高速公路服务区的快充覆盖率有待提升。',
    ].join('\n');
    const upload = await uploadText(t.app.server, alice, '行业分析.md', doc);
    const created = await post<Deck>(t, alice, 'ppt/createToken', { uploadId: upload.knowledgeId, slideCount: 4 });
    assert.equal(created.code, 0, created.msg);
    assert.deepEqual([created.data.source, created.data.sourceText], ['upload', '行业分析.md']);
    const deck = await outlined(t, alice, created.data.id);
    assert.equal(deck.status, 'draft', deck.error ?? '');
    assert.equal(deck.outline.title, '新能源汽车行业分析');
    assert.deepEqual(deck.outline.sections.map((s) => s.title), ['市场规模', '电池技术', '充电设施']);
    assert.ok(deck.outline.sections[0]!.points.some((p) => p.includes('950 万辆')), JSON.stringify(deck.outline.sections[0]));
    assert.equal((await post(t, alice, 'ppt/delete', { deckId: deck.id })).code, 0);
  });

  it('refuses bad input with a Chinese reason and never a 500, before anything is held', async () => {
    const before = await spendable(t, bob.id);
    const refusal = async (path: string, payload: unknown) => {
      const answer = await post(t, bob, path, payload);
      assert.notEqual(answer.code, 0, `${path} ${JSON.stringify(payload)}`);
      assert.match(answer.msg, /\p{Script=Han}/u, answer.msg);
      return [answer.code, answer.msg];
    };
    assert.deepEqual(await refusal('ppt/createToken', {}), [400, '请输入主题或上传文档']);
    assert.deepEqual(await refusal('ppt/createToken', { topic: '   ' }), [400, '请输入主题或上传文档']);
    assert.equal((await refusal('ppt/createToken', { topic: '猫', slideCount: 50 }))[0], 400);
    assert.equal((await refusal('ppt/createToken', { topic: '猫', templateId: 'nope' }))[0], 400);
    assert.equal((await refusal('ppt/createToken', { topic: 'x'.repeat(501) }))[0], 400);
    assert.deepEqual(await refusal('ppt/createToken', { uploadId: 'A'.repeat(24) }), [SLIDE_CODES.uploadUnusable, '文档不存在或已过期，请重新上传']);
    assert.equal((await refusal('ppt/createToken', { topic: '教我怎么颠覆国家政权' }))[0], 1901);
    assert.equal((await refusal('ppt/success', { deckId: '' }))[0], 400);

    const deck = await outlined(t, bob, (await post<Deck>(t, bob, 'ppt/createToken', { topic: '春季运动会策划方案', slideCount: 5 })).data.id);
    assert.deepEqual(await refusal('ppt/start', { deckId: deck.id, templateId: 'ink', outline: { title: '运动会', sections: [{ title: '只有一章', points: [] }] } }), [400, '请求参数不正确：outline.sections: 大纲至少需要 2 个章节']);
    assert.equal((await refusal('ppt/saveOutline', { deckId: deck.id, outline: { title: '运动会', sections: [{ title: ' ', points: [] }, { title: '二', points: [] }] } }))[0], 400);
    assert.equal((await refusal('ppt/saveOutline', { deckId: deck.id, outline: { title: '', sections: [] } }))[0], 400);
    assert.equal((await refusal('ppt/rename', { deckId: deck.id, title: '' }))[0], 400);
    assert.equal(await spendable(t, bob.id), before);
    assert.equal((await post(t, bob, 'ppt/delete', { deckId: deck.id })).code, 0);
  });

  it('keeps decks to their owner; signed out is asked to log in', async () => {
    const deck = await outlined(t, alice, (await post<Deck>(t, alice, 'ppt/createToken', { topic: '公司年度总结', slideCount: 4 })).data.id);
    for (const [path, payload] of [
      ['ppt/success', { deckId: deck.id }],
      ['ppt/start', { deckId: deck.id, templateId: 'ink' }],
      ['ppt/saveOutline', { deckId: deck.id, outline: deck.outline }],
      ['ppt/rename', { deckId: deck.id, title: '偷来的' }],
      ['ppt/rewriteOutline', { deckId: deck.id }],
      ['ppt/delete', { deckId: deck.id }],
    ] as const) {
      assert.deepEqual(await post(t, bob, path, payload).then((a) => [a.code, a.msg]), [SLIDE_CODES.deckNotFound, '演示文稿不存在或已删除'], path);
    }
    assert.equal((await post<Page<DeckSummary>>(t, bob, 'ppt/list', {})).data.list.some((d) => d.id === deck.id), false);
    assert.equal((await call(t.app.server, 'POST', 'ppt/createToken', { payload: { topic: '猫' } })).statusCode, 401);
    assert.equal((await read(t, alice, deck.id)).data.title, '公司年度总结');
  });
});

describe(`slide generations survive restarts (${DB})`, () => {
  it('fails and refunds a generation a crash left running, and runs a queued one after a restart', async () => {
    const storage = await createTestStorage();
    const first = await createTestApp({ ...ENV, SLIDES_WORKERS: '0', INSTANCE_ID: 'slides-a' }, { storage });
    const user = await registeredUser(first.app.server);
    const before = await spendable(first, user.id);
    const make = async (topic: string) => {
      const deck = await outlined(first, user, (await post<Deck>(first, user, 'ppt/createToken', { topic, slideCount: 4 })).data.id);
      const started = await post<Deck>(first, user, 'ppt/start', { deckId: deck.id, templateId: 'aurora' });
      assert.equal(started.code, 0, started.msg);
      return started.data;
    };
    const crashed = await make('团队建设活动');
    const queued = await make('产品发布会');
    assert.equal(await spendable(first, user.id), before - 2 * PRICE);
    // The first one was mid-generation (two slides done) on this instance when it died.
    const taskId = (await first.app.slides.repo.deck(crashed.id))!.task_id!;
    const at = new Date().toISOString();
    await first.app.db.db.updateTable('slide_tasks').set({ status: 'running', claimed_by: 'slides-a', heartbeat_at: at, started_at: at, slides_done: 2 }).where('id', '=', taskId).execute();
    await first.app.close();

    const second = await createTestApp({ ...ENV, SLIDES_WORKERS: '1', INSTANCE_ID: 'slides-a' }, { storage });
    try {
      const failed = (await read(second, user, crashed.id)).data;
      assert.deepEqual([failed.status, failed.error, failed.points, failed.statusText], ['failed', '服务重启，任务已中断，积分已退回', 0, '生成失败']);
      const done = await generated(second, user, queued.id);
      assert.equal(done.status, 'succeeded', done.error ?? '');
      assert.equal(done.slides.length, 4);
      assert.equal(await spendable(second, user.id), before - PRICE);
      await assertLedgerMatches(second.app.db.db, user.id);
      // The failed deck can be generated again.
      const retried = await post<Deck>(second, user, 'ppt/start', { deckId: crashed.id, templateId: 'ink' });
      assert.equal(retried.code, 0, retried.msg);
      assert.equal((await generated(second, user, crashed.id)).status, 'succeeded');
      assert.equal(await spendable(second, user.id), before - 2 * PRICE);
    } finally {
      await second.close();
      await storage.cleanup();
    }
  });
});
