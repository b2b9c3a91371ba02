import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { KnowledgeBase, KnowledgeChunkPage, KnowledgeHit, KnowledgeItem, UploadResult } from '@qiming/contracts';
import type { FastifyInstance } from 'fastify';
import { ACCOUNT_TEST_ENV, call, data, envelope, registeredUser } from '../../testing/accounts.js';
import { createTestApp, type TestApp } from '../../testing/testApp.js';
import { createTestStorage } from '../../testing/testDatabase.js';
import { KNOWLEDGE_CODES } from './codes.js';
import { CAMERA_MANUAL, items, RETURNS_POLICY, settled, uploadText, type User } from './testKnowledge.js';

const DB = process.env.TEST_DATABASE ?? 'sqlite';

const hitTest = (server: FastifyInstance, user: User, knowledgeId: string, query: string, topK = 3) =>
  envelope<KnowledgeHit[]>(server, 'POST', 'backend-api/knowledgeHitTest', { token: user.token, payload: { knowledgeId, query, topK } });

describe(`knowledge bases (${DB})`, () => {
  let t: TestApp;
  let alice: User;
  let bob: User;
  const server = () => t.app.server;
  const create = (user: User, payload: object) => envelope<KnowledgeBase>(server(), 'POST', 'backend-api/createKnowledge', { token: user.token, payload });

  before(async () => {
    t = await createTestApp({ ...ACCOUNT_TEST_ENV, KNOWLEDGE_MAX_BASES: '3', KNOWLEDGE_MAX_DOCUMENTS: '3' });
    alice = await registeredUser(server());
    bob = await registeredUser(server());
  });
  after(() => t.close());

  it('ingests documents into passages, finds a passage by a Chinese paraphrase, and deletes a document with its index entries', async () => {
    const base = (await create(alice, { title: '售后知识库', remark: '客服资料' })).data;
    assert.deepEqual([base.title, base.isPublic, base.mine, base.documentCount], ['售后知识库', 0, true, 0]);
    const policy = await uploadText(server(), alice, '售后政策.md', RETURNS_POLICY);
    const manual = await uploadText(server(), alice, '相机手册.md', CAMERA_MANUAL);
    const added = await data<KnowledgeItem[]>(server(), 'POST', 'backend-api/addKnowledgeItems', { token: alice.token, payload: { knowledgeId: base.id, uploadIds: [policy.knowledgeId, manual.knowledgeId] } });
    assert.deepEqual(added.map((item) => [item.status, item.statusText]), [['queued', '排队中'], ['queued', '排队中']]);

    const done = await settled(server(), alice, base.id);
    assert.deepEqual(done.map((item) => item.statusText).sort(), ['已完成', '已完成']);
    const policyItem = done.find((item) => item.name === '售后政策.md')!;
    assert.ok(policyItem.chunkCount >= 1);
    const page = await data<KnowledgeChunkPage>(server(), 'GET', `backend-api/knowledgeChunks?itemId=${policyItem.id}`, { token: alice.token });
    assert.equal(page.total, policyItem.chunkCount);
    assert.ok(page.list.some((chunk) => chunk.heading === '售后服务 › 退货政策' && chunk.text.includes('七天内申请')));

    const [mine] = await data<KnowledgeBase[]>(server(), 'GET', 'backend-api/getMyKnowledge', { token: alice.token });
    assert.deepEqual([mine!.documentCount, mine!.chunkCount, mine!.sizeBytes], [2, done.reduce((n, item) => n + item.chunkCount, 0), policy.size + manual.size]);

    // A paraphrase sharing no word with the passage's sentence but 退 and 内.
    const hits = (await hitTest(server(), alice, base.id, '买的东西多久内可以退')).data;
    assert.ok(hits.length >= 1);
    assert.equal(hits[0]!.documentName, '售后政策.md');
    assert.match(hits[0]!.text, /退货需在收到商品后七天内申请/);
    assert.deepEqual(hits.map((hit) => hit.rank), hits.map((_, i) => i + 1));
    const battery = (await hitTest(server(), alice, base.id, '相机电池要充多久')).data;
    assert.equal(battery[0]!.documentName, '相机手册.md');
    assert.match(battery[0]!.text, /充电时间约为三小时/);

    await data(server(), 'GET', `backend-api/deleteKnowledgeItems?ids=${policyItem.id}`, { token: alice.token });
    assert.equal(await t.app.knowledge.repo.countChunks({ itemId: policyItem.id }), 0);
    assert.ok((await hitTest(server(), alice, base.id, '退货申请')).data.every((hit) => hit.documentName !== '售后政策.md'));
    if (DB === 'sqlite') {
      // The FTS rows went with the passages.
      const { rows } = await (await import('kysely')).sql<{ n: number }>`SELECT count(*) AS n FROM knowledge_fts WHERE knowledge_fts MATCH '"退货"'`.execute(t.app.db.db);
      assert.equal(Number(rows[0]!.n), 0);
    }
    assert.deepEqual((await items(server(), alice, base.id)).map((item) => item.name), ['相机手册.md']);

    // Re-index: back in the queue, then done again with the same passages.
    const manualItem = (await items(server(), alice, base.id))[0]!;
    const requeued = await data<KnowledgeItem>(server(), 'POST', 'backend-api/reindexKnowledgeItem', { token: alice.token, payload: { id: manualItem.id } });
    assert.ok(['queued', 'parsing', 'done'].includes(requeued.status));
    const again = await settled(server(), alice, base.id);
    assert.equal(again[0]!.chunkCount, manualItem.chunkCount);

    await data(server(), 'GET', `backend-api/deleteKnowledge?id=${base.id}`, { token: alice.token });
    assert.equal(await t.app.knowledge.repo.countChunks({ knowledgeId: base.id }), 0);
  });

  it("refuses another user's private base everywhere and lets everyone read a public one", async () => {
    const secret = (await create(alice, { title: '私人笔记' })).data;
    const shared = (await create(alice, { title: '公开手册', isPublic: 1 })).data;
    const upload = await uploadText(server(), alice, '手册.md', CAMERA_MANUAL);
    await data(server(), 'POST', 'backend-api/addKnowledgeItems', { token: alice.token, payload: { knowledgeId: secret.id, uploadIds: [upload.knowledgeId] } });
    await data(server(), 'POST', 'backend-api/addKnowledgeItems', { token: alice.token, payload: { knowledgeId: shared.id, uploadIds: [upload.knowledgeId] } });
    const [secretItem] = await settled(server(), alice, secret.id);
    await settled(server(), alice, shared.id);

    const notFound = [KNOWLEDGE_CODES.notFound, '知识库不存在或无权访问'];
    const refusals = [
      await envelope(server(), 'GET', `backend-api/getKnowledgeItems?knowledgeId=${secret.id}`, { token: bob.token }),
      await hitTest(server(), bob, secret.id, '电池'),
      await envelope(server(), 'POST', 'backend-api/updateKnowledge', { token: bob.token, payload: { id: secret.id, title: '改名' } }),
      await envelope(server(), 'GET', `backend-api/deleteKnowledge?id=${secret.id}`, { token: bob.token }),
      await envelope(server(), 'GET', `backend-api/deleteKnowledgeItems?ids=${secretItem!.id}`, { token: bob.token }),
    ];
    for (const answer of refusals) assert.deepEqual([answer.code, answer.msg], notFound);
    const chunks = await envelope(server(), 'GET', `backend-api/knowledgeChunks?itemId=${secretItem!.id}`, { token: bob.token });
    assert.deepEqual([chunks.code, chunks.msg], [KNOWLEDGE_CODES.itemNotFound, '文档不存在或已被删除']);
    // bob's lists never show it.
    for (const path of ['getMyKnowledge', 'getMyKnowledge2', 'getAllKnowledgePublic']) {
      const list = await data<KnowledgeBase[]>(server(), 'GET', `backend-api/${path}`, { token: bob.token });
      assert.ok(!list.some((base) => base.id === secret.id), path);
    }

    // The public one: readable, searchable, not changeable.
    const usable = await data<KnowledgeBase[]>(server(), 'GET', 'backend-api/getMyKnowledge2', { token: bob.token });
    assert.deepEqual(usable.find((base) => base.id === shared.id)?.mine, false);
    const found = await data<KnowledgeBase[]>(server(), 'GET', `backend-api/getAllKnowledgePublic?keyWord=${encodeURIComponent('手册')}`, { token: bob.token });
    assert.deepEqual(found.map((base) => base.id), [shared.id]);
    assert.equal((await items(server(), bob, shared.id)).length, 1);
    const sharedHits = (await hitTest(server(), bob, shared.id, '电池充电')).data;
    assert.match(sharedHits[0]!.text, /充电时间/);
    // The same document sits in the private base too: only the public base's own passages come back.
    const sharedItems = new Set((await items(server(), bob, shared.id)).map((item) => item.id));
    assert.ok(sharedHits.every((hit) => sharedItems.has(hit.itemId)));
    const edit = await envelope(server(), 'POST', 'backend-api/updateKnowledge', { token: bob.token, payload: { id: shared.id, title: '改名' } });
    assert.deepEqual([edit.code, edit.msg], [KNOWLEDGE_CODES.notOwner, '无权修改该知识库']);
    const add = await envelope(server(), 'POST', 'backend-api/addKnowledgeItems', { token: bob.token, payload: { knowledgeId: shared.id, uploadIds: [upload.knowledgeId] } });
    assert.equal(add.code, KNOWLEDGE_CODES.notOwner);
    // Someone else's upload id is not an upload of bob's.
    const bobs = (await create(bob, { title: 'bob 的库' })).data;
    const stolen = await envelope(server(), 'POST', 'backend-api/addKnowledgeItems', { token: bob.token, payload: { knowledgeId: bobs.id, uploadIds: [upload.knowledgeId] } });
    assert.deepEqual([stolen.code, stolen.msg], [KNOWLEDGE_CODES.invalidField, '请先上传文件']);
    assert.equal((await call(server(), 'GET', 'backend-api/getMyKnowledge')).json().code, 401);
  });

  it('enforces the limits and keeps banned words out of public titles', async () => {
    const carol = await registeredUser(server());
    const first = (await create(carol, { title: '一' })).data;
    await create(carol, { title: '二' });
    const banned = await create(carol, { title: '代开发票合集', isPublic: 1 });
    assert.deepEqual([banned.code, banned.msg], [KNOWLEDGE_CODES.bannedWords, '标题包含违规词，请修改后再提交']);
    await create(carol, { title: '三' });
    const fourth = await create(carol, { title: '四' });
    assert.deepEqual([fourth.code, fourth.msg], [KNOWLEDGE_CODES.tooManyBases, '知识库数量已达上限（3 个）']);
    const missing = await create(carol, { title: '  ' });
    assert.deepEqual([missing.code, missing.msg], [KNOWLEDGE_CODES.invalidField, '请填写知识库名称']);

    // One parse at a time per user (the uploads module): one after the other.
    const uploads: UploadResult[] = [];
    for (const n of ['a', 'b', 'c', 'd']) uploads.push(await uploadText(server(), carol, `${n}.md`, `${n} 文档内容`));
    const tooMany = await envelope(server(), 'POST', 'backend-api/addKnowledgeItems', { token: carol.token, payload: { knowledgeId: first.id, uploadIds: uploads.map((u) => u.knowledgeId) } });
    assert.deepEqual([tooMany.code, tooMany.msg], [KNOWLEDGE_CODES.tooManyDocuments, '该知识库的文档数量已达上限（3 个）']);
    assert.equal((await items(server(), carol, first.id).catch(() => [])).length, 0);
  });
});

describe(`knowledge ingestion across a restart (${DB})`, () => {
  it('picks up a document a crash left 解析中 and fails one whose upload is gone, with the reason', async () => {
    const storage = await createTestStorage();
    const env = { ...ACCOUNT_TEST_ENV, INSTANCE_ID: 'kg-a' };
    // The first life takes requests but ingests nothing.
    const first = await createTestApp({ ...env, KNOWLEDGE_WORKERS: '0' }, { storage });
    const user = await registeredUser(first.app.server);
    const base = (await envelope<KnowledgeBase>(first.app.server, 'POST', 'backend-api/createKnowledge', { token: user.token, payload: { title: '重启测试' } })).data;
    const kept = await uploadText(first.app.server, user, '售后.md', RETURNS_POLICY);
    const gone = await uploadText(first.app.server, user, '消失.md', CAMERA_MANUAL);
    const added = await data<KnowledgeItem[]>(first.app.server, 'POST', 'backend-api/addKnowledgeItems', { token: user.token, payload: { knowledgeId: base.id, uploadIds: [kept.knowledgeId, gone.knowledgeId] } });
    const crashed = added.find((item) => item.name === '售后.md')!;
    // A crash mid-document: it was 解析中 on this instance, half its passages written.
    const at = new Date().toISOString();
    await first.app.db.db.updateTable('knowledge_items').set({ status: 'parsing', claimed_by: 'kg-a', heartbeat_at: at, attempts: 1 }).where('id', '=', crashed.id).execute();
    await first.app.db.db
      .insertInto('knowledge_chunks')
      .values({ id: 'half-written', item_id: crashed.id, knowledge_id: base.id, seq: 0, heading: '', text: '半截', terms: '半截', created_at: at })
      .execute();
    assert.equal((await items(first.app.server, user, base.id)).find((item) => item.id === crashed.id)!.statusText, '解析中');
    await first.app.db.db.deleteFrom('chat_uploads').where('id', '=', gone.knowledgeId).execute();
    await first.app.close();

    const second = await createTestApp({ ...env, KNOWLEDGE_WORKERS: '1' }, { storage });
    try {
      const list = await settled(second.app.server, user, base.id);
      const byName = new Map(list.map((item) => [item.name, item]));
      assert.equal(byName.get('售后.md')!.statusText, '已完成');
      assert.equal(byName.get('消失.md')!.statusText, '失败（文件不存在或已被删除）');
      assert.equal(byName.get('消失.md')!.error, '文件不存在或已被删除');
      const page = await data<KnowledgeChunkPage>(second.app.server, 'GET', `backend-api/knowledgeChunks?itemId=${crashed.id}`, { token: user.token });
      assert.equal(page.total, byName.get('售后.md')!.chunkCount);
      assert.ok(!page.list.some((chunk) => chunk.id === 'half-written'));
      assert.match((await hitTest(second.app.server, user, base.id, '买的东西多久内可以退')).data[0]!.text, /七天内申请/);
    } finally {
      await second.close();
      await storage.cleanup();
    }
  });

  it('fails a document that interrupted its worker too many times', async () => {
    const t = await createTestApp({ ...ACCOUNT_TEST_ENV, KNOWLEDGE_WORKERS: '0', INSTANCE_ID: 'kg-b' });
    try {
      const user = await registeredUser(t.app.server);
      const base = (await envelope<KnowledgeBase>(t.app.server, 'POST', 'backend-api/createKnowledge', { token: user.token, payload: { title: '多次中断' } })).data;
      const upload = await uploadText(t.app.server, user, 'x.md', RETURNS_POLICY);
      const [item] = await data<KnowledgeItem[]>(t.app.server, 'POST', 'backend-api/addKnowledgeItems', { token: user.token, payload: { knowledgeId: base.id, uploadIds: [upload.knowledgeId] } });
      const silentSince = new Date(Date.now() - 10 * 60_000).toISOString();
      await t.app.db.db.updateTable('knowledge_items').set({ status: 'parsing', claimed_by: 'dead-instance', heartbeat_at: silentSince, attempts: 3 }).where('id', '=', item!.id).execute();
      assert.equal(await t.app.knowledge.worker.recover(), 1);
      const [failed] = await items(t.app.server, user, base.id);
      assert.equal(failed!.statusText, '失败（解析多次中断，请重新索引）');
    } finally {
      await t.close();
    }
  });
});
