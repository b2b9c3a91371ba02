import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, before, describe, it } from 'node:test';
import { PAPER_CHECK_CODES, type Page, type PaperCheck, type PaperCheckFunctions, type PaperCheckSummary, type PaperDocument } from '@qiming/contracts';
import { ACCOUNT_TEST_ENV, call, envelope, registeredUser } from '../../testing/accounts.js';
import { assertLedgerMatches } from '../../testing/points.js';
import { createTestApp, type TestApp } from '../../testing/testApp.js';
import { createTestStorage } from '../../testing/testDatabase.js';
import { docxWithParagraphs, multipart, pdfOfPages } from '../uploads/testFiles.js';
import { FORMULAIC_PARAGRAPHS, HUMAN_PARAGRAPHS, MIXED_PAPER } from './testPapers.js';

const DB = process.env.TEST_DATABASE ?? 'sqlite';
const ENV = { ...ACCOUNT_TEST_ENV, PAPER_CHECK_OFFLINE_PACE_MS: '0' };
const PRICE = { standard: 300, v2: 800 };
type User = { id: string; token: string };

const spendable = async (t: TestApp, userId: string) => {
  const balance = await t.app.points.balance(userId);
  return balance.restIntegral + balance.restIntegral2;
};
const fund = (t: TestApp, user: User) => t.app.points.credit(user.id, 'permanent', 20_000, { kind: 'adjust', reference: 'test', key: `paper-${user.id}` });
const post = <T>(t: TestApp, user: User | null, path: string, payload: unknown) => envelope<T>(t.app.server, 'POST', path, { token: user?.token, payload });
const upload = (t: TestApp, user: User | null, filename: string, bytes: Buffer | string, contentType = 'application/octet-stream') =>
  envelope<PaperDocument>(t.app.server, 'POST', 'aigc/uploadDoc', { token: user?.token, ...multipart([{ name: 'file', filename, value: bytes, contentType }]) });
const result = (t: TestApp, user: User, checkId: string) => post<PaperCheck>(t, user, 'aigc/result', { checkId });

async function finished(t: TestApp, user: User, checkId: string): Promise<PaperCheck> {
  for (let i = 0; i < 500; i++) {
    const check = (await result(t, user, checkId)).data;
    if (check.status === 'succeeded' || check.status === 'failed') return check;
    await sleep(20);
  }
  throw new Error(`check ${checkId} did not finish`);
}
const rowCount = async (t: TestApp, table: 'paper_documents' | 'paper_checks', userId: string) =>
  Number((await t.app.db.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow()).n);

describe(`paper AIGC check (${DB})`, () => {
  let t: TestApp;
  let alice: User;
  let bob: User;
  before(async () => {
    t = await createTestApp(ENV);
    alice = await registeredUser(t.app.server);
    bob = await registeredUser(t.app.server);
    await fund(t, alice);
    await fund(t, bob);
  });
  after(() => t.close());

  it('uploads a DOCX, checks it with both detectors (held, then charged once), reads, lists and deletes the reports', async () => {
    const functions = (await envelope<PaperCheckFunctions>(t.app.server, 'GET', 'aigc/functions')).data;
    assert.deepEqual(
      functions.detectors.map((d) => [d.id, d.points, d.method]),
      [
        ['standard', PRICE.standard, 'statistical'],
        ['v2', PRICE.v2, 'statistical'],
      ],
    );
    assert.equal(functions.offlineDemo, true);

    const uploaded = await upload(t, alice, '毕业论文.docx', docxWithParagraphs(MIXED_PAPER.split('\n\n')));
    assert.equal(uploaded.code, 0, uploaded.msg);
    assert.deepEqual([uploaded.data.name, uploaded.data.kind, uploaded.data.paragraphs], ['毕业论文.docx', 'docx', 6]);
    assert.ok(uploaded.data.chars > 400);

    const before = await spendable(t, alice.id);
    const started = await post<PaperCheck>(t, alice, 'aigc/check', { documentId: uploaded.data.id });
    assert.equal(started.code, 0, started.msg);
    assert.deepEqual([started.data.detector, started.data.points, started.data.documentName, started.data.offlineDemo], ['standard', PRICE.standard, '毕业论文.docx', true]);
    assert.equal(await spendable(t, alice.id), before - PRICE.standard, 'held at start');

    const done = await finished(t, alice, started.data.id);
    assert.equal(done.status, 'succeeded', done.error ?? '');
    assert.deepEqual([done.statusText, done.progress, done.points], ['已完成', 100, PRICE.standard]);
    const report = done.report!;
    assert.deepEqual([report.detector, report.method, report.featureSet, report.paragraphs.length, report.skipped], ['standard', 'statistical', 1, 6, 1]);
    assert.equal(done.overall, report.overall);
    const human = report.paragraphs.filter((p) => HUMAN_PARAGRAPHS.includes(p.text));
    const formulaic = report.paragraphs.filter((p) => FORMULAIC_PARAGRAPHS.includes(p.text));
    assert.equal(human.length + formulaic.length, 6);
    assert.ok(Math.max(...human.map((p) => p.score)) < Math.min(...formulaic.map((p) => p.score)));
    assert.ok(formulaic.every((p) => p.spans.length > 0 && p.spans.every((s) => s.end > s.start && s.end <= p.text.length)));
    assert.equal(await spendable(t, alice.id), before - PRICE.standard, 'charged once');

    const v2 = await post<PaperCheck>(t, alice, 'aigc/checkV2', { documentId: uploaded.data.id });
    assert.equal(v2.code, 0, v2.msg);
    const v2done = await finished(t, alice, v2.data.id);
    assert.deepEqual([v2done.status, v2done.detector, v2done.report!.featureSet, v2done.report!.features.length], ['succeeded', 'v2', 2, 6]);
    assert.equal(await spendable(t, alice.id), before - PRICE.standard - PRICE.v2);
    await assertLedgerMatches(t.app.db.db, alice.id);

    const list = (await post<Page<PaperCheckSummary>>(t, alice, 'aigc/list', {})).data;
    assert.deepEqual(list.list.map((c) => c.id), [v2.data.id, started.data.id]);
    assert.equal(list.total, 2);
    assert.ok(!('report' in list.list[0]!));

    // Deleting the last check of a paper removes the paper's text too.
    assert.equal((await post(t, alice, 'aigc/delete', { checkId: started.data.id })).code, 0);
    assert.equal((await result(t, alice, started.data.id)).code, PAPER_CHECK_CODES.checkNotFound);
    assert.equal(await rowCount(t, 'paper_documents', alice.id), 1);
    assert.equal((await post(t, alice, 'aigc/delete', { checkId: v2.data.id })).code, 0);
    assert.equal(await rowCount(t, 'paper_documents', alice.id), 0);
    assert.equal((await post(t, alice, 'aigc/check', { documentId: uploaded.data.id })).code, PAPER_CHECK_CODES.documentNotFound);
  });

  it('reads PDF and TXT papers', async () => {
    const txt = await upload(t, bob, 'essay.txt', MIXED_PAPER, 'text/plain');
    assert.equal(txt.code, 0, txt.msg);
    assert.deepEqual([txt.data.kind, txt.data.paragraphs], ['text', 6]);
    // A PDF wraps its lines (31 characters here): the paragraph is read whole again.
    const lines = FORMULAIC_PARAGRAPHS[0]!.match(/.{1,31}/gu)!;
    const pdf = await upload(t, bob, 'paper.pdf', await pdfOfPages([{ chinese: lines }, { chinese: FORMULAIC_PARAGRAPHS[1]!.match(/.{1,31}/gu)! }]));
    assert.equal(pdf.code, 0, pdf.msg);
    assert.deepEqual([pdf.data.kind, pdf.data.paragraphs], ['pdf', 2]);
    assert.ok(pdf.data.chars >= 200);
  });

  it('refuses bad files and bad input with a Chinese reason and never a 500, before anything is held', async () => {
    const before = await spendable(t, bob.id);
    const refused = async (answer: { code: number; msg: string }) => {
      assert.notEqual(answer.code, 0);
      assert.match(answer.msg, /\p{Script=Han}/u, answer.msg);
      return [answer.code, answer.msg];
    };
    const bad = PAPER_CHECK_CODES.badDocument;
    assert.deepEqual(await refused(await upload(t, bob, 'a.png', Buffer.from('89504e470d0a1a0a', 'hex'))), [bad, '仅支持 PDF、DOCX、TXT 格式的论文']);
    assert.deepEqual(await refused(await upload(t, bob, 'a.doc', 'x'.repeat(300))), [bad, '仅支持 PDF、DOCX、TXT 格式的论文']);
    assert.deepEqual(await refused(await upload(t, bob, 'short.txt', '太短了。')), [bad, '论文内容过短（至少 200 字），无法可靠检测']);
    assert.deepEqual(await refused(await upload(t, bob, 'long.txt', '很长的论文内容。'.repeat(7000))), [bad, '论文超过 5 万字，请拆分后分别检测']);
    assert.deepEqual(await refused(await upload(t, bob, 'big.txt', Buffer.alloc(10 * 1024 * 1024 + 1, 0x61))), [bad, '论文文件过大，最大支持 10 MB']);
    assert.deepEqual(await refused(await upload(t, bob, 'empty.txt', '')), [bad, '请选择要检测的论文文件']);
    assert.deepEqual(await refused(await upload(t, bob, 'list.txt', Array(60).fill('一行很短的字').join('\n'))), [bad, '论文中没有足够长的段落可供检测']);
    const fake = await refused(await upload(t, bob, 'fake.pdf', MIXED_PAPER));
    assert.equal(fake[0], bad);
    assert.match(String(fake[1]), /fake\.pdf/);
    assert.deepEqual(await refused(await post(t, bob, 'aigc/uploadDoc', { file: 'x' })), [bad, '请选择要检测的论文文件']);
    assert.equal((await refused(await post(t, bob, 'aigc/check', {})))[0], 400);
    assert.deepEqual(await refused(await post(t, bob, 'aigc/check', { documentId: 'nope' })), [PAPER_CHECK_CODES.documentNotFound, '论文不存在或已删除，请重新上传']);
    assert.equal((await refused(await post(t, bob, 'aigc/result', { checkId: 5 })))[0], 400);
    assert.equal((await refused(await post(t, bob, 'aigc/list', { pageSize: 1000 })))[0], 400);
    assert.equal(await spendable(t, bob.id), before);
  });

  it('keeps papers and checks to their owner; signed out reads the prices and is asked to log in for the rest', async () => {
    const doc = (await upload(t, alice, 'mine.txt', MIXED_PAPER)).data;
    const check = (await post<PaperCheck>(t, alice, 'aigc/check', { documentId: doc.id })).data;
    await finished(t, alice, check.id);
    assert.deepEqual((await post(t, bob, 'aigc/check', { documentId: doc.id })).code, PAPER_CHECK_CODES.documentNotFound);
    assert.deepEqual((await post(t, bob, 'aigc/checkV2', { documentId: doc.id })).code, PAPER_CHECK_CODES.documentNotFound);
    assert.deepEqual((await result(t, bob, check.id)).code, PAPER_CHECK_CODES.checkNotFound);
    assert.deepEqual((await post(t, bob, 'aigc/delete', { checkId: check.id })).code, PAPER_CHECK_CODES.checkNotFound);
    assert.equal((await post<Page<PaperCheckSummary>>(t, bob, 'aigc/list', {})).data.list.some((c) => c.id === check.id), false);
    assert.equal((await result(t, alice, check.id)).data.status, 'succeeded');
    assert.equal((await call(t.app.server, 'POST', 'aigc/check', { payload: { documentId: doc.id } })).statusCode, 401);
    assert.equal((await call(t.app.server, 'POST', 'aigc/uploadDoc', multipart([{ name: 'file', filename: 'a.txt', value: MIXED_PAPER }]))).statusCode, 401);
    assert.equal((await call(t.app.server, 'GET', 'aigc/functions')).statusCode, 200);
  });
});

describe(`paper checks that fail or are cut off are refunded (${DB})`, () => {
  it('refunds a check that runs past its time limit and says why', async () => {
    const t = await createTestApp({ ...ENV, PAPER_CHECK_OFFLINE_PACE_MS: '2000', PAPER_CHECK_TASK_TIMEOUT_SECONDS: '5' });
    try {
      const user = await registeredUser(t.app.server);
      await fund(t, user);
      const before = await spendable(t, user.id);
      const doc = (await upload(t, user, 'slow.txt', MIXED_PAPER)).data;
      const started = await post<PaperCheck>(t, user, 'aigc/checkV2', { documentId: doc.id });
      assert.equal(await spendable(t, user.id), before - PRICE.v2);
      let check = started.data;
      for (let i = 0; i < 100 && check.status !== 'failed' && check.status !== 'succeeded'; i++) {
        await sleep(100);
        check = (await result(t, user, check.id)).data;
      }
      assert.deepEqual([check.status, check.error, check.points, check.statusText, check.report], ['failed', '检测超时，积分已退回', 0, '检测失败', null]);
      assert.ok(check.progress > 0, 'progress was shown while it ran');
      assert.equal(await spendable(t, user.id), before);
      await assertLedgerMatches(t.app.db.db, user.id);
      // A failed check can be deleted; a queued one cannot.
      assert.equal((await post(t, user, 'aigc/delete', { checkId: check.id })).code, 0);
    } finally {
      await t.close();
    }
  });

  it('fails and refunds a check a crash left running, and runs a queued one after the restart', async () => {
    const storage = await createTestStorage();
    const first = await createTestApp({ ...ENV, PAPER_CHECK_WORKERS: '0', INSTANCE_ID: 'paper-a' }, { storage });
    const user = await registeredUser(first.app.server);
    await fund(first, user);
    const before = await spendable(first, user.id);
    const doc = (await upload(first, user, 'paper.txt', MIXED_PAPER)).data;
    const crashed = (await post<PaperCheck>(first, user, 'aigc/check', { documentId: doc.id })).data;
    const queued = (await post<PaperCheck>(first, user, 'aigc/checkV2', { documentId: doc.id })).data;
    assert.equal(await spendable(first, user.id), before - PRICE.standard - PRICE.v2);
    assert.equal((await post(first, user, 'aigc/delete', { checkId: queued.id })).code, PAPER_CHECK_CODES.checkBusy);
    // The first one was mid-check on this instance when it died.
    const at = new Date().toISOString();
    await first.app.db.db.updateTable('paper_checks').set({ status: 'running', claimed_by: 'paper-a', heartbeat_at: at, started_at: at, progress: 40 }).where('id', '=', crashed.id).execute();
    await first.app.close();

    const second = await createTestApp({ ...ENV, PAPER_CHECK_WORKERS: '1', INSTANCE_ID: 'paper-a' }, { storage });
    try {
      const failed = (await result(second, user, crashed.id)).data;
      assert.deepEqual([failed.status, failed.error, failed.points], ['failed', '服务重启，检测已中断，积分已退回', 0]);
      const done = await finished(second, user, queued.id);
      assert.equal(done.status, 'succeeded', done.error ?? '');
      assert.equal(await spendable(second, user.id), before - PRICE.v2);
      await assertLedgerMatches(second.app.db.db, user.id);
    } finally {
      await second.close();
      await storage.cleanup();
    }
  });
});
