import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { KNOWLEDGE_CODES, knowledgePassageUrl, type ConversationGroup, type ConversationTree, type KnowledgeBase, type KnowledgePassage, type Page } from '@qiming/contracts';
import { ACCOUNT_TEST_ENV, data, envelope, registeredUser } from '../../testing/accounts.js';
import { answerText, chatBody, listen, readSse } from '../../testing/chatStream.js';
import { openAiChunk, openAiFrames, startFakeUpstream, type FakeUpstream } from '../../testing/fakeUpstream.js';
import { createTestApp, type TestApp } from '../../testing/testApp.js';
import { CAMERA_MANUAL, RETURNS_POLICY, settled, uploadText, type User } from './testKnowledge.js';

const KEY_VARIABLE = 'QM_KNOWLEDGE_GATEWAY_TEST_KEY';
const RETURNS_QUESTION = '买的东西多久内可以退';

/** Knowledge bases in the chat gateway: deepseek-chat is a real (fake, local) channel, every other model the offline one. */
describe(`knowledge in the chat gateway (${process.env.TEST_DATABASE ?? 'sqlite'})`, () => {
  let t: TestApp;
  let upstream: FakeUpstream;
  let baseUrl: string;
  let alice: User;
  let bob: User;
  let privateBase: KnowledgeBase;
  let publicBase: KnowledgeBase;
  const server = () => t.app.server;
  const stream = (user: User, body: Parameters<typeof chatBody>[0]) => readSse(baseUrl, user.token, { method: 'POST', path: 'backend-api/getStream', body: chatBody(body) });
  const createBase = (user: User, payload: object) => data<KnowledgeBase>(server(), 'POST', 'backend-api/createKnowledge', { token: user.token, payload });
  async function baseWith(user: User, payload: object, files: Record<string, string>): Promise<KnowledgeBase> {
    const base = await createBase(user, payload);
    const uploadIds = [];
    for (const [name, text] of Object.entries(files)) uploadIds.push((await uploadText(server(), user, name, text)).knowledgeId);
    await data(server(), 'POST', 'backend-api/addKnowledgeItems', { token: user.token, payload: { knowledgeId: base.id, uploadIds } });
    await settled(server(), user, base.id);
    return base;
  }
  const groups = (user: User) => data<Page<ConversationGroup>>(server(), 'POST', 'backend-api/getConversationGroupsPage', { token: user.token, payload: { pageNo: 1, pageSize: 20 } });

  before(async () => {
    upstream = await startFakeUpstream();
    process.env[KEY_VARIABLE] = 'sk-knowledge-test';
    const channels = [{ id: 'fake-deepseek', kind: 'openai-compatible', baseUrl: upstream.baseUrl, apiKeyEnv: KEY_VARIABLE, models: ['deepseek-chat'] }];
    t = await createTestApp({ ...ACCOUNT_TEST_ENV, CHAT_CHANNELS: JSON.stringify(channels), OFFLINE_TOKENS_PER_SECOND: '0', OFFLINE_FIRST_TOKEN_MS: '0', CHAT_FOLLOW_UP_SECONDS: '0' });
    baseUrl = await listen(t.app.server);
    alice = await registeredUser(server());
    bob = await registeredUser(server());
    for (const user of [alice, bob]) await t.app.points.credit(user.id, 'permanent', 10_000, { kind: 'redeem', reference: 'test', key: `knowledge-gateway:${user.id}` });
    privateBase = await baseWith(alice, { title: '售后知识库' }, { '售后政策.md': RETURNS_POLICY, '相机手册.md': CAMERA_MANUAL });
    publicBase = await baseWith(alice, { title: '相机公开手册', isPublic: 1 }, { '相机手册.md': CAMERA_MANUAL });
  });
  after(async () => {
    await t.close();
    await upstream.close();
    delete process.env[KEY_VARIABLE];
  });

  it('answers offline by quoting the passage, cites it first thing in the stream, and keeps the citation and the base name', async () => {
    const read = await stream(alice, { model: 'gpt-4o-mini', knowledgeId: privateBase.id, request: RETURNS_QUESTION });
    assert.equal(read.chunks.at(-1)!.code, 0, JSON.stringify(read.chunks.at(-1)));
    const cited = read.chunks.find((chunk) => chunk.references?.length)!;
    assert.ok(read.chunks.indexOf(cited) < read.chunks.findIndex((chunk) => (chunk.type ?? 'normal') === 'normal' && chunk.choices?.[0]?.delta?.content), 'the sources come before the answer');
    const first = cited.references![0]!;
    assert.equal(first.id, '1');
    assert.equal(first.title, '售后政策.md');
    assert.match(first.abstract!, /七天内申请/);
    const chunkId = new URL(first.url, 'http://x').searchParams.get('chunk')!;
    assert.equal(first.url, knowledgePassageUrl(privateBase.id, chunkId));

    const answer = answerText(read.chunks);
    assert.match(answer, /售后知识库/);
    assert.match(answer, /> 退货需在收到商品后七天内申请[^\n]*\[1\]/, 'quotes the passage with its number');

    const tree = await data<ConversationTree>(server(), 'GET', `backend-api/getConversations?convGroupId=${read.chunks[0]!.convGroupId}`, { token: alice.token });
    const node = tree.roots[0]!.childs[0]!;
    assert.deepEqual([node.knowledgeId, node.knowledgeName], [privateBase.id, '售后知识库']);
    assert.deepEqual(node.chatContent.find((item) => item.role === 'assistant')!.references, cited.references);

    // The citation opens: the passage, its base and the page of its document.
    const passage = await data<KnowledgePassage>(server(), 'GET', `backend-api/knowledgePassage?id=${chunkId}`, { token: alice.token });
    assert.deepEqual([passage.knowledgeId, passage.knowledgeTitle, passage.documentName, passage.pageNo], [privateBase.id, '售后知识库', '售后政策.md', 1]);
    assert.match(passage.chunk.text, /七天内申请/);
  });

  it('gives a real model the numbered passages in the system message', async () => {
    upstream.reply({ type: 'stream', frames: openAiFrames([openAiChunk({ content: '七天内可以退货 [1]。' }), { ...openAiChunk({}), choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] }]) });
    const read = await stream(alice, { model: 'deepseek-chat', knowledgeId: privateBase.id, request: RETURNS_QUESTION });
    assert.equal(read.chunks.at(-1)!.code, 0, JSON.stringify(read.chunks.at(-1)));
    const sent = upstream.requests.at(-1)!.body as { messages: Array<{ role: string; content: string }> };
    const system = sent.messages[0]!.content;
    assert.match(system, /知识库《售后知识库》/);
    assert.match(system, /\[1\] 《售后政策\.md》 售后服务 › 退货政策\n退货需在收到商品后七天内申请/);
    assert.equal(sent.messages.at(-1)!.content, RETURNS_QUESTION, 'the question itself goes unchanged');
  });

  it("refuses another user's private base before anything is written, and lets them use a public one", async () => {
    const before = (await groups(bob)).total;
    const refused = await stream(bob, { model: 'gpt-4o-mini', knowledgeId: privateBase.id, request: RETURNS_QUESTION });
    assert.deepEqual([refused.chunks.at(-1)!.code, refused.chunks.at(-1)!.error], [KNOWLEDGE_CODES.notFound, '知识库不存在或无权访问']);
    assert.equal((await groups(bob)).total, before, 'no conversation was written');

    const [chunk] = await t.app.knowledge.repo.chunksOf((await t.app.knowledge.repo.items(privateBase.id))[0]!.id, 0, 1);
    const passage = await envelope(server(), 'GET', `backend-api/knowledgePassage?id=${chunk!.id}`, { token: bob.token });
    assert.equal(passage.code, KNOWLEDGE_CODES.itemNotFound);

    const read = await stream(bob, { model: 'gpt-4o-mini', knowledgeId: publicBase.id, request: '相机电池要充多久' });
    assert.equal(read.chunks.at(-1)!.code, 0);
    assert.match(answerText(read.chunks), /充电时间约为三小时/);
  });

  it('says so when the base has nothing on the question', async () => {
    const read = await stream(alice, { model: 'gpt-4o-mini', knowledgeId: publicBase.id, request: '公司年会在哪里举办' });
    assert.equal(read.chunks.at(-1)!.code, 0);
    assert.ok(!read.chunks.some((chunk) => chunk.references?.length));
    assert.match(answerText(read.chunks), /在知识库《相机公开手册》中没有找到与/);
  });
});
