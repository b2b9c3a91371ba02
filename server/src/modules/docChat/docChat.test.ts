import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { DOC_CHAT_CODES, FILE_CODES, KNOWLEDGE_CODES, PAGE_BREAK, type DocChatDetail, type DocChatDocument, type KnowledgeBase, type KnowledgeChunkPage, type KnowledgeItem, type UploadResult } from '@qiming/contracts';
import { ACCOUNT_TEST_ENV, call as request, data, envelope, registeredUser } from '../../testing/accounts.js';
import { chatBody, listen, readSse } from '../../testing/chatStream.js';
import { createTestApp, type TestApp } from '../../testing/testApp.js';
import { until, uploadText, type User } from '../knowledge/testKnowledge.js';
import { pdfText } from '../uploads/extract/pdf.js';
import { docxWithParagraphs, multipart, pdfOfPages } from '../uploads/testFiles.js';
import { DOC_CHAT_MESSAGES } from './codes.js';
import { sampleDocx } from './docxToPdf/testDocx.js';

const DB = process.env.TEST_DATABASE ?? 'sqlite';

/** Three pages: the return policy is on page 2, under a numbered heading. */
const HANDBOOK = [
  { chinese: ['第一章 公司简介', '本公司成立于二零一零年，主要销售家用电器。'] },
  { chinese: ['第二章 退货政策', '退货需在收到商品后七天内申请，商品需保持完好。'] },
  { chinese: ['第三章 发票', '电子发票会在确认收货后开具。'] },
];

describe(`document chats (${DB})`, () => {
  let t: TestApp;
  let baseUrl: string;
  let alice: User;
  let bob: User;
  const server = () => t.app.server;
  const call = <T>(user: User, path: string, payload: object) => envelope<T>(server(), 'POST', `docChat/${path}`, { token: user.token, payload });
  async function uploadPdf(user: User, name: string, bytes: Buffer, contentType = 'application/pdf'): Promise<UploadResult> {
    const { payload, headers } = multipart([{ name: 'file', filename: name, value: bytes, contentType }]);
    return data<UploadResult>(server(), 'POST', 'backend-api/uploadChatKnowledge2', { token: user.token, payload, headers });
  }
  const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
  const servedFile = (user: User, uploadId: string) => request(server(), 'GET', `backend-api/uploadedFile/${uploadId}`, { token: user.token });
  const indexed = (user: User, id: string) => until('the document index', async () => (await call<DocChatDetail>(user, 'get', { id })).data, (doc) => doc.status === 'done' || doc.status === 'failed');

  before(async () => {
    t = await createTestApp({ ...ACCOUNT_TEST_ENV, OFFLINE_TOKENS_PER_SECOND: '0', OFFLINE_FIRST_TOKEN_MS: '0', CHAT_FOLLOW_UP_SECONDS: '0' });
    baseUrl = await listen(t.app.server);
    alice = await registeredUser(server());
    bob = await registeredUser(server());
    await t.app.points.credit(alice.id, 'permanent', 10_000, { kind: 'redeem', reference: 'test', key: `doc-chat:${alice.id}` });
  });
  after(() => t.close());

  it('indexes a PDF with the page of every passage, answers with page citations, reopens the conversation, and deletes the index', async () => {
    const upload = await uploadPdf(alice, '员工手册.pdf', await pdfOfPages(HANDBOOK));
    const created = await call<DocChatDocument>(alice, 'create', { uploadId: upload.knowledgeId });
    assert.equal(created.code, 0, created.msg);
    assert.deepEqual([created.data.name, created.data.pages, created.data.uploadId], ['员工手册.pdf', 3, upload.knowledgeId]);
    // The same upload again is the same document.
    assert.equal((await call<DocChatDocument>(alice, 'create', { uploadId: upload.knowledgeId })).data.id, created.data.id);

    const doc = await indexed(alice, created.data.id);
    assert.equal(doc.statusText, '已完成');
    assert.deepEqual(doc.suggestions, ['这份文档主要讲了什么？', '「公司简介」部分讲了什么？', '「退货政策」部分讲了什么？', '「发票」部分讲了什么？']);
    assert.deepEqual(doc.conversations, []);

    // Every passage knows its page.
    const [item] = await data<KnowledgeItem[]>(server(), 'GET', `backend-api/getKnowledgeItems?knowledgeId=${doc.knowledgeId}`, { token: alice.token });
    const passages = await data<KnowledgeChunkPage>(server(), 'GET', `backend-api/knowledgeChunks?itemId=${item!.id}`, { token: alice.token });
    const returns = passages.list.find((chunk) => chunk.text.includes('七天内申请'))!;
    assert.deepEqual([returns.page, returns.pageEnd], [2, 2]);
    assert.ok(passages.list.every((chunk) => typeof chunk.page === 'number'));

    // The hidden index is no knowledge base of the toolbox: not listed, not changed by its calls.
    assert.deepEqual(await data<KnowledgeBase[]>(server(), 'GET', 'backend-api/getMyKnowledge', { token: alice.token }), []);
    const refused = await envelope(server(), 'GET', `backend-api/deleteKnowledge?id=${doc.knowledgeId}`, { token: alice.token });
    assert.equal(refused.code, KNOWLEDGE_CODES.notFound);

    // The chat: the offline model quotes the passage of page 2; the reference says and links the page.
    const read = await readSse(baseUrl, alice.token, { method: 'POST', path: 'backend-api/getStream', body: chatBody({ model: 'gpt-4o-mini', knowledgeId: doc.knowledgeId, request: '收到商品后多久内可以退货' }) });
    assert.equal(read.chunks.at(-1)!.code, 0, JSON.stringify(read.chunks.at(-1)));
    const first = read.chunks.find((chunk) => chunk.references?.length)!.references![0]!;
    assert.deepEqual([first.title, first.page, first.pageEnd, first.passageId], ['员工手册.pdf 第 2 页', 2, 2, returns.id]);
    assert.equal(first.url, `/pdfChatPage?kb=${encodeURIComponent(doc.knowledgeId)}&page=2&chunk=${encodeURIComponent(returns.id)}`);
    const answer = read.chunks.map((chunk) => chunk.choices?.[0]?.delta?.content ?? '').join('');
    assert.match(answer, /根据文档《员工手册\.pdf》/);
    assert.match(answer, /七天内申请[^\n]*\[1\]\n\n——第 2 页/);
    const convGroupId = String(read.chunks.find((chunk) => chunk.convGroupId)!.convGroupId);

    // Reopening the document lists its conversation.
    const reopened = (await call<DocChatDetail>(alice, 'get', { id: doc.id })).data;
    assert.deepEqual(reopened.conversations.map((c) => c.convGroupId), [convGroupId]);
    assert.deepEqual((await call<DocChatDocument[]>(alice, 'list', {})).data.map((d) => [d.id, d.status]), [[doc.id, 'done']]);

    // Deleting removes the document, its index (passages and search entries) and its links; the conversation stays in the history.
    assert.equal((await call(alice, 'delete', { id: doc.id })).code, 0);
    assert.equal(await t.app.knowledge.repo.countChunks({ knowledgeId: doc.knowledgeId }), 0);
    assert.equal(await t.app.knowledge.repo.base(doc.knowledgeId), undefined);
    assert.deepEqual((await call<DocChatDocument[]>(alice, 'list', {})).data, []);
    const gone = await call(alice, 'get', { id: doc.id });
    assert.deepEqual([gone.code, gone.msg], [DOC_CHAT_CODES.notFound, DOC_CHAT_MESSAGES.notFound]);
    const chatAfter = await readSse(baseUrl, alice.token, { method: 'POST', path: 'backend-api/getStream', body: chatBody({ model: 'gpt-4o-mini', knowledgeId: doc.knowledgeId, request: '退货' }) });
    assert.equal(chatAfter.chunks.at(-1)!.code, KNOWLEDGE_CODES.notFound);
    assert.equal((await envelope(server(), 'GET', `backend-api/getConversationBranch?convGroupId=${convGroupId}`, { token: alice.token })).code, 0);
    if (DB === 'sqlite') {
      const { rows } = await (await import('kysely')).sql<{ n: number }>`SELECT count(*) AS n FROM knowledge_fts WHERE knowledge_fts MATCH '"七天"'`.execute(t.app.db.db);
      assert.equal(Number(rows[0]!.n), 0);
    }
  });

  it('converts a Word file to a PDF it shows and indexes with its pages, cites those pages, and deletes the PDF with the document', async () => {
    const word = await uploadPdf(alice, '员工手册.docx', await sampleDocx({ filler: 20 }), DOCX);
    assert.equal(word.kind, 'docx');
    const created = await call<DocChatDocument>(alice, 'create', { uploadId: word.knowledgeId });
    assert.equal(created.code, 0, created.msg);
    assert.equal(created.data.name, '员工手册.docx');
    assert.notEqual(created.data.uploadId, word.knowledgeId);
    assert.equal((await call<DocChatDocument>(alice, 'create', { uploadId: word.knowledgeId })).data.id, created.data.id);

    // The viewer's file is a PDF with a text layer: the Chinese text, the list and the table's cells, over several pages.
    const served = await servedFile(alice, created.data.uploadId);
    assert.equal(served.headers['content-type'], 'application/pdf');
    const pdf = served.rawPayload;
    assert.ok(pdf.length < 400_000, `${pdf.length} bytes: the fonts are embedded as subsets`);
    const pages = (await pdfText(pdf, new AbortController().signal)).split(PAGE_BREAK);
    assert.equal(pages.length, created.data.pages);
    assert.ok(created.data.pages >= 2, `${created.data.pages} pages`);
    const text = pages.join('\n');
    for (const expected of ['员工手册', '第一章 考勤制度', '• 迟到十分钟以内不扣薪', '1. 在系统中提交年假申请', '2. 直属经理审批后生效', '满一年不满十年 五天', '满十年 十天带薪年假', '（version 2.1）']) assert.ok(text.includes(expected), expected);
    const tablePage = pages.findIndex((page) => page.includes('十天带薪年假')) + 1;
    assert.ok(tablePage >= 2);

    const doc = await indexed(alice, created.data.id);
    assert.equal(doc.statusText, '已完成');
    assert.ok(doc.suggestions.includes('「年假规定」部分讲了什么？'), doc.suggestions.join());
    const [item] = await data<KnowledgeItem[]>(server(), 'GET', `backend-api/getKnowledgeItems?knowledgeId=${doc.knowledgeId}`, { token: alice.token });
    const passages = await data<KnowledgeChunkPage>(server(), 'GET', `backend-api/knowledgeChunks?itemId=${item!.id}`, { token: alice.token });
    const table = passages.list.find((chunk) => chunk.text.includes('十天带薪年假'))!;
    assert.equal(table.page, tablePage);

    const read = await readSse(baseUrl, alice.token, { method: 'POST', path: 'backend-api/getStream', body: chatBody({ model: 'gpt-4o-mini', knowledgeId: doc.knowledgeId, request: '满十年的员工有几天带薪年假' }) });
    assert.equal(read.chunks.at(-1)!.code, 0, JSON.stringify(read.chunks.at(-1)));
    const references = read.chunks.find((chunk) => chunk.references?.length)!.references!;
    assert.ok(references.some((ref) => ref.title === `员工手册.docx 第 ${tablePage} 页` && ref.passageId === table.id), JSON.stringify(references));

    // Deleting the document deletes the PDF made for it; the Word upload stays like every chat upload.
    assert.equal((await call(alice, 'delete', { id: doc.id })).code, 0);
    assert.equal(JSON.parse(String((await servedFile(alice, created.data.uploadId)).payload)).code, FILE_CODES.fileNotFound);
    assert.equal((await servedFile(alice, word.knowledgeId)).statusCode, 200);
    assert.equal((await t.app.db.db.selectFrom('chat_uploads').where('id', '=', created.data.uploadId).selectAll().execute()).length, 0);
  });

  it("makes another user's document not exist for them", async () => {
    const upload = await uploadPdf(alice, '手册.pdf', await pdfOfPages(HANDBOOK));
    const doc = (await call<DocChatDocument>(alice, 'create', { uploadId: upload.knowledgeId })).data;
    for (const path of ['get', 'delete']) {
      const answer = await call(bob, path, { id: doc.id });
      assert.deepEqual([answer.code, answer.msg], [DOC_CHAT_CODES.notFound, DOC_CHAT_MESSAGES.notFound], path);
    }
    assert.deepEqual((await call<DocChatDocument[]>(bob, 'list', {})).data, []);
    // Alice's upload is no upload of Bob's, and her index no base he may ask.
    const stolen = await call(bob, 'create', { uploadId: upload.knowledgeId });
    assert.deepEqual([stolen.code, stolen.msg], [DOC_CHAT_CODES.badDocument, DOC_CHAT_MESSAGES.uploadMissing]);
    const read = await readSse(baseUrl, bob.token, { method: 'POST', path: 'backend-api/getStream', body: chatBody({ model: 'gpt-4o-mini', knowledgeId: doc.knowledgeId, request: '退货' }) });
    assert.equal(read.chunks.at(-1)!.code, KNOWLEDGE_CODES.notFound);
    assert.equal((await call<DocChatDetail>(alice, 'get', { id: doc.id })).code, 0);
  });

  it('refuses what it cannot show or read, in Chinese', async () => {
    const text = await uploadText(server(), alice, '说明.md', '# 说明\n一段文字。');
    const notPdf = await call(alice, 'create', { uploadId: text.knowledgeId });
    assert.deepEqual([notPdf.code, notPdf.msg], [DOC_CHAT_CODES.badDocument, DOC_CHAT_MESSAGES.notPdf]);
    const scan = await uploadPdf(alice, '扫描件.pdf', await pdfOfPages([{ chinese: [] }, { chinese: [] }]));
    const noText = await call(alice, 'create', { uploadId: scan.knowledgeId });
    assert.deepEqual([noText.code, noText.msg], [DOC_CHAT_CODES.badDocument, DOC_CHAT_MESSAGES.noText]);
    const emptyWord = await uploadPdf(alice, '空白.docx', docxWithParagraphs(['']), DOCX);
    const noWordText = await call(alice, 'create', { uploadId: emptyWord.knowledgeId });
    assert.deepEqual([noWordText.code, noWordText.msg], [DOC_CHAT_CODES.badDocument, DOC_CHAT_MESSAGES.noTextWord]);
    const missing = await call(alice, 'create', {});
    assert.equal(missing.code, 400);
    assert.match(missing.msg, /请先上传文件/);
  });
});
