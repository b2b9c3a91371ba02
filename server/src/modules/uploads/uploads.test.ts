import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { UploadResult } from '@qiming/contracts';
import type { FastifyInstance } from 'fastify';
import { ACCOUNT_TEST_ENV, call, register, uniquePhone, registeredUser } from '../../testing/accounts.js';
import { createTestApp, type TestApp } from '../../testing/testApp.js';
import { assertRedisReachable, deleteTestKeys, redisSuite, testKeyPrefix, testRedisUrl } from '../../testing/testRedis.js';
import { FILE_CODES, FILE_LIMITS } from './contract.js';
import type { TextRecognizer } from './extract/index.js';
import { parsingKey } from './parseLock.js';
import { UPLOAD_PATHS } from './routes.js';
import { docxWithParagraphs, elfBytes, multipart, pdfWithText, plainPng, pngWithDigits, xlsxWithSheets, zipOf, type MultipartPart } from './testFiles.js';

interface Envelope<T = unknown> {
  code: number;
  data: T;
  msg: string;
}

const filePart = (filename: string, value: Buffer | string, contentType?: string): MultipartPart => ({ name: 'file', filename, value, contentType });

function postTo(server: FastifyInstance, token: string | undefined, parts: MultipartPart[], route = 'backend-api/uploadChatKnowledge2') {
  const { payload, headers } = multipart(parts);
  return call(server, 'POST', route, { token, payload, headers });
}

/** A recognizer that holds every image read open until `release` (the parse is in progress meanwhile). */
function heldRecognizer(): TextRecognizer & { reading: Promise<void>; release(): void } {
  let started!: () => void;
  let release!: () => void;
  const reading = new Promise<void>((resolve) => (started = resolve));
  const released = new Promise<void>((resolve) => (release = resolve));
  return {
    reading,
    release,
    async recognize() {
      started();
      await released;
      return '';
    },
    close: async () => undefined,
  };
}

describe(`chat uploads (${process.env.TEST_DATABASE ?? 'sqlite'})`, () => {
  let t: TestApp;
  let alice: { token: string; id: string };
  let bob: { token: string; id: string };
  const server = () => t.app.server;

  const newUser = () => registeredUser(server());

  before(async () => {
    t = await createTestApp(ACCOUNT_TEST_ENV);
    alice = await newUser();
    bob = await newUser();
  });
  after(() => t.close());

  function post(token: string | undefined, parts: MultipartPart[], route = 'backend-api/uploadChatKnowledge2') {
    return postTo(server(), token, parts, route);
  }
  async function upload(token: string, parts: MultipartPart[], route?: string): Promise<Envelope<UploadResult>> {
    const response = await post(token, parts, route);
    assert.equal(response.statusCode, 200, response.body);
    return response.json();
  }
  async function uploaded(token: string, parts: MultipartPart[], route?: string): Promise<UploadResult> {
    const answer = await upload(token, parts, route);
    assert.equal(answer.code, 0, answer.msg);
    return answer.data;
  }
  /** GET of a result's url (signed, with the bearer when given). */
  const fetchFile = (token: string | undefined, url: string) => call(server(), 'GET', url.replace(/^\/app-api\//, ''), { token });

  it('reads a PDF with Chinese and English text, stores it, and serves it back to its owner', async () => {
    const pdf = await pdfWithText('Quarterly report 2025', '季度报告：收入增长百分之二十');
    const result = await uploaded(alice.token, [filePart('季度报告.pdf', pdf, 'application/pdf'), { name: 'id', value: 'conv-1' }]);
    assert.equal(result.kind, 'pdf');
    assert.equal(result.mime, 'application/pdf');
    assert.equal(result.name, '季度报告.pdf');
    assert.equal(result.size, pdf.length);
    assert.equal(result.ocr, false);
    assert.match(result.fileContent, /Quarterly report 2025/);
    assert.match(result.fileContent, /季度报告：收入增长百分之二十/);
    assert.match(result.knowledgeId, /^[A-Za-z0-9_-]{24}$/);
    assert.equal(result.url, `/app-api/backend-api/uploadedFile/${result.knowledgeId}`);

    const row = await t.app.db.db.selectFrom('chat_uploads').selectAll().where('id', '=', result.knowledgeId).executeTakeFirstOrThrow();
    assert.equal(row.user_id, alice.id);
    assert.equal(row.sha256, createHash('sha256').update(pdf).digest('hex'));
    assert.equal(row.text, result.fileContent);
    const onDisk = path.join(t.config.uploads.dir, alice.id, result.knowledgeId);
    assert.deepEqual(fs.readFileSync(onDisk), pdf);

    const served = await fetchFile(alice.token, result.url);
    assert.equal(served.statusCode, 200);
    assert.equal(served.headers['content-type'], 'application/pdf');
    assert.equal(served.headers['x-content-type-options'], 'nosniff');
    assert.equal(served.headers['content-disposition'], `inline; filename="____.pdf"; filename*=UTF-8''${encodeURIComponent('季度报告.pdf')}`);
    assert.deepEqual(served.rawPayload, pdf);
  });

  it('reads an Excel workbook as rows of 列名：值, and refuses one named as something else', async () => {
    const workbook = xlsxWithSheets({ 报价: [['型号', '单价'], ['A1', 120]] });
    const result = await uploaded(alice.token, [filePart('报价.xlsx', workbook)]);
    assert.deepEqual([result.kind, result.mime, result.fileContent], ['xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', '## 报价\n\n型号：A1；单价：120']);
    const renamed = await upload(alice.token, [filePart('报价.docx', workbook)]);
    assert.deepEqual([renamed.code, renamed.msg], [FILE_CODES.typeMismatch, '文件内容与扩展名不符：报价.docx 实际是 Excel 表格（.xlsx）']);
  });

  it('reads a DOCX through every alias of the upload call; a document downloads as an attachment', async () => {
    const docx = docxWithParagraphs(['会议纪要 Meeting notes', '下周一发布 2.0 版本']);
    for (const route of UPLOAD_PATHS.map((p) => p.replace('/app-api/', ''))) {
      const result = await uploaded(alice.token, [filePart('minutes.docx', docx)], route);
      assert.equal(result.kind, 'docx', route);
      assert.equal(result.fileContent, '会议纪要 Meeting notes\n\n下周一发布 2.0 版本', route);
    }
    const result = await uploaded(alice.token, [filePart('minutes.docx', docx)]);
    const served = await fetchFile(alice.token, result.url);
    assert.equal(served.headers['content-type'], 'application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    assert.match(String(served.headers['content-disposition']), /^attachment; filename="minutes\.docx"/);
  });

  it('takes markdown and code as they are, whatever MIME type the browser claimed', async () => {
    const markdown = '# 周报\n\n- 完成上传功能\n- 修复 **3** 个问题\n';
    const md = await uploaded(alice.token, [filePart('周报.md', markdown, 'application/octet-stream')]);
    assert.deepEqual([md.kind, md.mime, md.fileContent, md.ocr], ['text', 'text/markdown; charset=utf-8', markdown, false]);
    const source = 'export function add(a: number, b: number): number {\n  return a + b;\n}\n';
    const ts = await uploaded(alice.token, [filePart('math.ts', source, 'video/mp2t')]);
    assert.deepEqual([ts.kind, ts.mime, ts.fileContent], ['text', 'text/plain; charset=utf-8', source]);
    const served = await fetchFile(alice.token, ts.url);
    assert.equal(served.headers['content-type'], 'text/plain; charset=utf-8');
    assert.match(String(served.headers['content-disposition']), /^attachment;/);
    assert.equal(served.body, source);
  });

  it('reads the text of an image by OCR (Chinese and English models from the npm packages)', async () => {
    const png = pngWithDigits('2025 0618 7394');
    const result = await uploaded(alice.token, [filePart('receipt.png', png, 'image/png'), { name: 'gptType', value: 'glm-4v' }]);
    assert.equal(result.kind, 'image');
    assert.equal(result.mime, 'image/png');
    assert.equal(result.ocr, true);
    assert.match(result.fileContent.replace(/\s+/g, ' '), /2025 0618 7394/);
    const served = await fetchFile(alice.token, result.url);
    assert.equal(served.headers['content-type'], 'image/png');
    assert.match(String(served.headers['content-disposition']), /^inline; filename="receipt\.png"/);
    assert.deepEqual(served.rawPayload, png);
  });

  it("applies the model's type rule with the spec's own words", async () => {
    const imageOnly = await upload(alice.token, [filePart('notes.md', '# hi'), { name: 'gptType', value: 'glm-4v' }]);
    assert.deepEqual([imageOnly.code, imageOnly.msg], [FILE_CODES.typeNotAccepted, '当前模型仅支持 PNG(.png)、JPEG(.jpeg和 jpg)图片的分析']);
    const o1 = await upload(alice.token, [filePart('paper.pdf', await pdfWithText('x', '文')), { name: 'gptType', value: 'o1-preview' }]);
    assert.deepEqual([o1.code, o1.msg], [FILE_CODES.typeNotAccepted, '当前模型仅支持 PNG(.png)、JPEG(.jpeg和 jpg)图片的分析']);
    const pdfModel = await upload(alice.token, [{ name: 'gptType', value: 'pdf-to-text' }, filePart('minutes.docx', docxWithParagraphs(['x']))]);
    assert.deepEqual([pdfModel.code, pdfModel.msg], [FILE_CODES.typeNotAccepted, 'pdf转换目前仅支持 pdf文件的文本提取']);
    const zipForImageModel = await upload(alice.token, [filePart('a.zip', zipOf({ 'a.txt': 'x' })), { name: 'gptType', value: 'mj-chat' }]);
    assert.deepEqual([zipForImageModel.code, zipForImageModel.msg], [FILE_CODES.typeNotAccepted, '当前模型仅支持 PNG(.png)、JPEG(.jpeg和 jpg)图片的分析']);
    const pdfForPdfModel = await upload(alice.token, [filePart('paper.pdf', await pdfWithText('Abstract', '摘要')), { name: 'gptType', value: 'pdf-to-text' }]);
    assert.equal(pdfForPdfModel.code, 0, pdfForPdfModel.msg);
  });

  it('refuses a binary under a readable extension, and types it does not read', async () => {
    const png = await upload(alice.token, [filePart('notes.txt', plainPng(), 'text/plain')]);
    assert.deepEqual([png.code, png.msg], [FILE_CODES.typeMismatch, '文件内容与扩展名不符：notes.txt 实际是 PNG 图片']);
    const elf = await upload(alice.token, [filePart('论文.pdf', elfBytes(), 'application/pdf')]);
    assert.deepEqual([elf.code, elf.msg], [FILE_CODES.typeMismatch, '文件内容与扩展名不符：论文.pdf 实际是 ELF 可执行文件']);
    const zip = await upload(alice.token, [filePart('archive.pdf', zipOf({ 'readme.txt': 'hello' }), 'application/pdf')]);
    assert.deepEqual([zip.code, zip.msg], [FILE_CODES.typeMismatch, '文件内容与扩展名不符：archive.pdf 实际是 ZIP 压缩包']);
    const exe = await upload(alice.token, [filePart('tool', elfBytes())]);
    assert.equal(exe.code, FILE_CODES.typeNotAccepted);
    assert.match(exe.msg, /^暂不支持上传 ELF 可执行文件，/);
    assert.equal((await t.app.db.db.selectFrom('chat_uploads').select('id').where('name', 'in', ['notes.txt', '论文.pdf', 'archive.pdf', 'tool']).execute()).length, 0);
  });

  it('answers parseFailed for a corrupt document', async () => {
    const pdf = await pdfWithText('Hello', '你好');
    const broken = Buffer.concat([pdf.subarray(0, 40), Buffer.alloc(400, 0x20)]);
    const answer = await upload(alice.token, [filePart('broken.pdf', broken)]);
    assert.deepEqual([answer.code, answer.msg], [FILE_CODES.parseFailed, '文件解析失败：PDF 文件已损坏或格式不正确']);
    const docx = await upload(alice.token, [filePart('broken.docx', zipOf({ '[Content_Types].xml': '<Types/>', 'word/document.xml': '<not-closed' }))]);
    assert.equal(docx.code, FILE_CODES.typeMismatch, 'a ZIP without the DOCX parts is not sniffed as DOCX');
  });

  it('refuses files over the size limits, saying the limit', async () => {
    const tooBig = Buffer.alloc(FILE_LIMITS.maxBytes + 1, 0x61);
    const text = await upload(alice.token, [filePart('big.txt', tooBig)]);
    assert.deepEqual([text.code, text.msg], [FILE_CODES.tooLarge, '文件过大，最大支持 20 MB']);
    const image = Buffer.concat([plainPng(), Buffer.alloc(FILE_LIMITS.imageMaxBytes)]);
    const big = await upload(alice.token, [filePart('big.png', image)]);
    assert.deepEqual([big.code, big.msg], [FILE_CODES.tooLarge, '图片过大，最大支持 10 MB']);
  });

  it('receives the file on disk, not in memory: accepted files are moved into place, refused ones removed, nothing left in .incoming', async () => {
    const incoming = path.join(t.config.uploads.dir, '.incoming');
    const before = process.memoryUsage().arrayBuffers;
    const accepted = await upload(alice.token, [filePart('notes.txt', 'line\n'.repeat(1000))]);
    assert.equal(accepted.code, 0);
    await upload(alice.token, [filePart('big.txt', Buffer.alloc(FILE_LIMITS.maxBytes + 1, 0x61))]);
    await upload(alice.token, [filePart('a.zip', zipOf({ 'a.txt': 'x' }))]);
    assert.ok(fs.existsSync(incoming), 'files are received under UPLOAD_DIR/.incoming');
    assert.deepEqual(fs.readdirSync(incoming), []);
    assert.ok(fs.existsSync(path.join(t.config.uploads.dir, alice.id, accepted.data.knowledgeId)));
    assert.ok(process.memoryUsage().arrayBuffers - before < 64 * 1024 * 1024);
  });

  it('refuses an empty file, a form without a file, two files and a body that is not a form', async () => {
    const empty = await upload(alice.token, [filePart('empty.txt', '')]);
    assert.deepEqual([empty.code, empty.msg], [FILE_CODES.noFile, '文件内容为空，请重新选择']);
    const none = await upload(alice.token, [{ name: 'gptType', value: 'gpt-4o' }]);
    assert.deepEqual([none.code, none.msg], [FILE_CODES.noFile, '请选择要上传的文件']);
    const unpicked = await upload(alice.token, [filePart('', '')]);
    assert.deepEqual([unpicked.code, unpicked.msg], [FILE_CODES.noFile, '请选择要上传的文件']);
    const two = await upload(alice.token, [filePart('a.txt', 'a'), filePart('b.txt', 'b')]);
    assert.deepEqual([two.code, two.msg], [400, '一次只能上传一个文件']);
    const json = await call(server(), 'POST', 'backend-api/uploadChatKnowledge2', { token: alice.token, payload: { file: 'x' } });
    assert.deepEqual([json.statusCode, json.json().code], [200, FILE_CODES.noFile]);
  });

  it('answers malformed multipart with a clear message, never a 500', async () => {
    const { payload, headers } = multipart([filePart('a.txt', 'hello world')]);
    const truncated = await call(server(), 'POST', 'backend-api/uploadChatKnowledge2', { token: alice.token, payload: payload.subarray(0, payload.length - 30), headers });
    assert.equal(truncated.statusCode, 200);
    assert.deepEqual(truncated.json(), { code: 400, data: null, msg: '上传的表单格式不正确，请重新选择文件上传' });
    const noBoundary = await call(server(), 'POST', 'backend-api/uploadChatKnowledge2', { token: alice.token, payload: 'garbage', headers: { 'content-type': 'multipart/form-data' } });
    assert.deepEqual([noBoundary.statusCode, noBoundary.json().msg], [200, '上传的表单格式不正确，请重新选择文件上传']);
    const longField = await upload(alice.token, [{ name: 'gptType', value: 'x'.repeat(5000) }, filePart('a.txt', 'hi')]);
    assert.deepEqual([longField.code, longField.msg], [400, '表单字段 gptType 过长']);
  });

  it('needs a login for uploading and for reading a file', async () => {
    const anonymous = await post(undefined, [filePart('a.txt', 'hello')]);
    assert.equal(anonymous.statusCode, 401);
    assert.equal(anonymous.json().code, 401);
    const mine = await uploaded(alice.token, [filePart('a.txt', 'hello')]);
    const served = await fetchFile(undefined, mine.url);
    assert.equal(served.statusCode, 401);
  });

  it("answers fileNotFound for another user's file, an unknown id and a malformed one", async () => {
    const mine = await uploaded(alice.token, [filePart('secret.txt', '只给自己看')]);
    const theirs = await fetchFile(bob.token, mine.url);
    assert.equal(theirs.statusCode, 200);
    assert.deepEqual(theirs.json(), { code: FILE_CODES.fileNotFound, data: null, msg: '文件不存在或已被删除' });
    for (const id of ['AAAAAAAAAAAAAAAAAAAAAAAA', '..%2F..%2Fsecrets.json', 'x']) {
      const answer = await fetchFile(alice.token, `/app-api/backend-api/uploadedFile/${id}`);
      assert.equal(answer.json().code, FILE_CODES.fileNotFound, id);
    }
  });

});

describe(`one parse at a time per user (${process.env.TEST_DATABASE ?? 'sqlite'})`, () => {
  const recognizer = heldRecognizer();
  let t: TestApp;
  before(async () => {
    t = await createTestApp(ACCOUNT_TEST_ENV, { uploads: { ocr: recognizer } });
  });
  after(() => t.close());

  async function upload(token: string, parts: MultipartPart[]): Promise<Envelope<UploadResult>> {
    return (await postTo(t.app.server, token, parts)).json();
  }

  it('refuses a second upload while the first is parsed; another user is not held up', async () => {
    const alice = await registeredUser(t.app.server);
    const bob = await registeredUser(t.app.server);
    const slow = postTo(t.app.server, alice.token, [filePart('slow.png', plainPng())]);
    await recognizer.reading;
    const second = await upload(alice.token, [filePart('b.txt', 'second')]);
    assert.deepEqual([second.code, second.msg], [FILE_CODES.parseBusy, '请等待当前文件解析完成后再次进行上传']);
    const other = await upload(bob.token, [filePart('c.txt', 'other user')]);
    assert.equal(other.code, 0, other.msg);
    recognizer.release();
    assert.equal((await slow).json().code, 0);
    assert.equal(await t.app.sharedState.get(parsingKey(alice.id)), null, 'the marker is gone after the parse');
    assert.equal((await upload(alice.token, [filePart('d.txt', 'after')])).code, 0);
  });
});

describe(`chat uploads on two instances sharing Redis (${process.env.TEST_DATABASE ?? 'sqlite'})`, redisSuite, () => {
  const prefix = testKeyPrefix();
  const recognizer = heldRecognizer();
  let a: TestApp;
  let b: TestApp;
  before(async () => {
    assertRedisReachable();
    const env = { ...ACCOUNT_TEST_ENV, REDIS_URL: testRedisUrl, REDIS_KEY_PREFIX: prefix };
    a = await createTestApp({ ...env, INSTANCE_ID: 'uploads-a' }, { uploads: { ocr: recognizer } });
    b = await createTestApp({ ...env, INSTANCE_ID: 'uploads-b' }, { storage: a.storage });
  });
  after(async () => {
    await b?.close();
    await a?.close();
    await deleteTestKeys(prefix);
  });

  it('refuses a second upload on another instance while the first is being parsed', async () => {
    const { accessToken } = await register(a.app.server, { phone: uniquePhone() });
    const slow = postTo(a.app.server, accessToken, [filePart('slow.png', plainPng())]);
    await recognizer.reading;
    const second = (await postTo(b.app.server, accessToken, [filePart('b.txt', 'second')])).json() as Envelope;
    assert.deepEqual([second.code, second.msg], [FILE_CODES.parseBusy, '请等待当前文件解析完成后再次进行上传']);
    recognizer.release();
    assert.equal(((await slow).json() as Envelope).code, 0);
    assert.equal(((await postTo(b.app.server, accessToken, [filePart('c.txt', 'after')])).json() as Envelope).code, 0);
  });
});
