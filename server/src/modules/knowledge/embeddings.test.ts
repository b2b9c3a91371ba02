import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { KnowledgeBase, KnowledgeHit, KnowledgeItem } from '@qiming/contracts';
import { ACCOUNT_TEST_ENV, data, registeredUser } from '../../testing/accounts.js';
import { startFakeEmbeddings, type FakeEmbeddings } from '../../testing/fakeEmbeddings.js';
import { createTestApp, type TestApp } from '../../testing/testApp.js';
import { items, RETURNS_POLICY, settled, uploadText, type User } from './testKnowledge.js';

/** Shares no search term with the returns passage; the fake embeddings read 还回去 as 退货申请. */
const PARAPHRASE = '东西能还回去吗';

describe(`knowledge retrieval with embeddings (${process.env.TEST_DATABASE ?? 'sqlite'})`, () => {
  let fake: FakeEmbeddings;
  let t: TestApp;
  let alice: User;
  const server = () => t.app.server;
  const hitTest = (knowledgeId: string, query: string) => data<KnowledgeHit[]>(server(), 'POST', 'backend-api/knowledgeHitTest', { token: alice.token, payload: { knowledgeId, query, topK: 3 } });
  async function ingested(title: string): Promise<{ base: KnowledgeBase; item: KnowledgeItem }> {
    const base = await data<KnowledgeBase>(server(), 'POST', 'backend-api/createKnowledge', { token: alice.token, payload: { title } });
    const upload = await uploadText(server(), alice, '售后政策.md', RETURNS_POLICY);
    await data(server(), 'POST', 'backend-api/addKnowledgeItems', { token: alice.token, payload: { knowledgeId: base.id, uploadIds: [upload.knowledgeId] } });
    const [item] = await settled(server(), alice, base.id);
    return { base, item: item! };
  }
  const vectorCount = async (where: { knowledgeId: string }) =>
    Number((await t.app.db.db.selectFrom('knowledge_vectors').where('knowledge_id', '=', where.knowledgeId).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

  before(async () => {
    fake = await startFakeEmbeddings({ synonyms: { 还回去: '退货申请' } });
    t = await createTestApp({ ...ACCOUNT_TEST_ENV, EMBEDDING_API_BASE_URL: fake.baseUrl, EMBEDDING_API_KEY: 'sk-embed-test', EMBEDDING_MODEL: 'test-embed', EMBEDDING_BATCH: '2' });
    alice = await registeredUser(server());
  });
  after(async () => {
    await t.close();
    await fake.close();
  });

  it('embeds every passage in batches in the documented format, and finds a passage by meaning where no word matches', async () => {
    const { base, item } = await ingested('售后');
    assert.equal(item.statusText, '已完成');
    assert.equal(await vectorCount({ knowledgeId: base.id }), item.chunkCount);
    const ingestion = fake.requests.slice(0, Math.ceil(item.chunkCount / 2));
    assert.ok(ingestion.every((request) => (request.body.input as string[]).length <= 2), 'batches of EMBEDDING_BATCH');
    assert.deepEqual([ingestion[0]!.headers.authorization, ingestion[0]!.body.model, ingestion[0]!.body.encoding_format], ['Bearer sk-embed-test', 'test-embed', 'float']);

    const hits = await hitTest(base.id, PARAPHRASE);
    assert.match(hits[0]!.text, /七天内申请/);

    // The endpoint down: the same question falls back to full text, which has nothing on it.
    fake.failWith = 503;
    try {
      assert.deepEqual(await hitTest(base.id, PARAPHRASE), []);
    } finally {
      fake.failWith = null;
    }

    await data(server(), 'GET', `backend-api/deleteKnowledgeItems?ids=${item.id}`, { token: alice.token });
    assert.equal(await vectorCount({ knowledgeId: base.id }), 0, 'the vectors went with their passages');
  });

  it('fails a document whose passages could not be embedded, with the reason, and re-indexes it once the endpoint answers', async () => {
    fake.failWith = 500;
    let failed: { base: KnowledgeBase; item: KnowledgeItem };
    try {
      failed = await ingested('失败重试');
    } finally {
      fake.failWith = null;
    }
    assert.equal(failed.item.statusText, '失败（向量化失败（向量服务返回错误 500：The server is overloaded），请稍后重新索引）');
    assert.equal(await vectorCount({ knowledgeId: failed.base.id }), 0);
    await data(server(), 'POST', 'backend-api/reindexKnowledgeItem', { token: alice.token, payload: { id: failed.item.id } });
    const [again] = await settled(server(), alice, failed.base.id);
    assert.equal(again!.statusText, '已完成');
    assert.equal(await vectorCount({ knowledgeId: failed.base.id }), again!.chunkCount);
    assert.equal((await items(server(), alice, failed.base.id)).length, 1);
  });
});
