import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { SMTPServer } from 'smtp-server';
import { loadConfig } from '../../config.js';
import { signed } from '../../testing/signature.js';
import { createTestApp, type TestApp } from '../../testing/testApp.js';
import { passCaptcha } from '../captcha/testing.js';
import { DevOutbox } from './devOutbox.js';
import { MemorySharedState } from '../../sharedState/index.js';
import { pino } from 'pino';
import { createCodeSenders } from './senders.js';

interface ReceivedMail {
  from: string;
  to: string[];
  user: string | undefined;
  raw: string;
}

/** A local SMTP server (no TLS, plain AUTH allowed) that keeps what it is sent; `refuse` makes it reject recipients. */
async function startSmtp() {
  const mails: ReceivedMail[] = [];
  const control = { refuse: false };
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    onAuth(auth, _session, callback) {
      if (auth.username === 'mailer' && auth.password === 'p@ss word') return callback(null, { user: auth.username });
      callback(new Error('Invalid username or password'));
    },
    onRcptTo(_address, _session, callback) {
      callback(control.refuse ? Object.assign(new Error('mailbox unavailable'), { responseCode: 550 }) : undefined);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          user: session.user as string | undefined,
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return { mails, control, url: `smtp://mailer:${encodeURIComponent('p@ss word')}@127.0.0.1:${port}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** The text body of a single-part message, decoded from base64 or quoted-printable. */
function mailText(raw: string): { subject: string; text: string } {
  const split = raw.indexOf('\r\n\r\n');
  const headers = raw.slice(0, split).replace(/\r\n\s+/g, ' ');
  const body = raw.slice(split + 4);
  const encoding = /^content-transfer-encoding:\s*(\S+)/im.exec(headers)?.[1]?.toLowerCase();
  const text =
    encoding === 'base64'
      ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
      : encoding === 'quoted-printable'
        ? Buffer.from(body.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8')
        : body;
  const subject = (/^subject:\s*(.*)$/im.exec(headers)?.[1] ?? '').replace(/=\?utf-8\?B\?([^?]*)\?=\s*/gi, (_, b64: string) => Buffer.from(b64, 'base64').toString('utf8'));
  return { subject, text: text.trim() };
}

/** A stand-in for Aliyun's SMS endpoint that keeps the forms it is posted. */
async function startAliyun() {
  const forms: Array<Record<string, string>> = [];
  const server: Server = createServer(async (request, response) => {
    let body = '';
    for await (const chunk of request) body += chunk;
    forms.push(Object.fromEntries(new URLSearchParams(body)));
    response.writeHead(200, { 'content-type': 'application/json' }).end('{"Code":"OK","Message":"OK","RequestId":"r","BizId":"b"}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { forms, endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

const aliyunEnv = (endpoint: string) => ({
  ALIYUN_SMS_ACCESS_KEY_ID: 'LTAI-test',
  ALIYUN_SMS_ACCESS_KEY_SECRET: 'secret',
  ALIYUN_SMS_SIGN_NAME: '启明AI',
  ALIYUN_SMS_TEMPLATE_CODE: 'SMS_100',
  ALIYUN_SMS_ENDPOINT: endpoint,
});

const MAIL_FROM = '启明 AI <no-reply@qiming.test>';

describe(`verification codes: real senders (${process.env.TEST_DATABASE ?? 'sqlite'})`, () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let aliyun: Awaited<ReturnType<typeof startAliyun>>;
  let t: TestApp;
  before(async () => {
    smtp = await startSmtp();
    aliyun = await startAliyun();
    t = await createTestApp({ SMTP_URL: smtp.url, MAIL_FROM, ...aliyunEnv(aliyun.endpoint) });
  });
  after(async () => {
    await t.close();
    await smtp.close();
    await aliyun.close();
  });

  const send = async (url: string, payload: object) =>
    (await t.app.server.inject(signed({ method: 'POST', url, payload: { ...payload, captchaToken: await passCaptcha(t.app) } }))).json();

  it('mails the code over SMTP, authenticated with the URL\'s credentials', async () => {
    const answer = await send('/app-api/system/user/send-email-verification-code', { email: 'Reader@Example.com', scene: 'register' });
    assert.deepEqual(answer, { code: 0, data: { resendAfterSeconds: 60, devOutbox: false }, msg: '' });
    assert.equal(smtp.mails.length, 1);
    const [mail] = smtp.mails;
    assert.equal(mail!.user, 'mailer');
    assert.equal(mail!.from, 'no-reply@qiming.test');
    assert.deepEqual(mail!.to, ['reader@example.com']);
    const { subject, text } = mailText(mail!.raw);
    assert.equal(subject, '【启明 AI】验证码');
    assert.match(text, /^【启明 AI】您的验证码是 \d{6}，5 分钟内有效。如非本人操作请忽略。$/);
  });

  it('texts the code through the Aliyun endpoint', async () => {
    const answer = await send('/app-api/system/user/send-phone-verification-code-reset', { phone: '13612345678' });
    assert.equal(answer.data.devOutbox, false);
    const form = aliyun.forms.at(-1)!;
    assert.equal(form.PhoneNumbers, '13612345678');
    assert.equal(form.TemplateCode, 'SMS_100');
    assert.match(JSON.parse(form.TemplateParam!).code, /^\d{6}$/);
  });

  it('answers a failed delivery with code 500 and a clear message, and lets the user retry at once', async () => {
    smtp.control.refuse = true;
    const failed = await send('/app-api/system/user/send-email-verification-code', { email: 'bounce@example.com', scene: 'login' });
    assert.deepEqual(failed, { code: 500, data: null, msg: '验证码发送失败，请稍后重试' });
    smtp.control.refuse = false;
    const retried = await send('/app-api/system/user/send-email-verification-code', { email: 'bounce@example.com', scene: 'login' });
    assert.equal(retried.code, 0, retried.msg);
  });

  it('has no outbox: the outbox and captcha answer routes do not exist, status says off', async () => {
    const get = (url: string) => t.app.server.inject({ method: 'GET', url });
    for (const url of ['/app-api/dev/outbox?to=13612345678', '/app-api/dev/captcha/anything']) {
      const response = await get(url);
      assert.equal(response.statusCode, 404, url);
      assert.deepEqual(response.json(), { code: 404, data: null, msg: '接口不存在' });
    }
    assert.deepEqual((await get('/app-api/dev/status')).json(), { code: 0, data: { outbox: false, captcha: false, paySandbox: true, wechatLocalConfirm: true }, msg: '' });
  });

  describe('with SMTP only', () => {
    let mixed: TestApp;
    before(async () => {
      mixed = await createTestApp({ SMTP_URL: smtp.url, MAIL_FROM });
    });
    after(() => mixed.close());

    it('mails for real, puts SMS in the outbox, and keeps the captcha answers to itself', async () => {
      const sendVia = async (url: string, payload: object) =>
        (await mixed.app.server.inject(signed({ method: 'POST', url, payload: { ...payload, captchaToken: await passCaptcha(mixed.app) } }))).json();
      const mailsBefore = smtp.mails.length;
      assert.equal((await sendVia('/app-api/system/user/send-email-verification-code', { email: 'mixed@example.com', scene: 'login' })).data.devOutbox, false);
      assert.equal(smtp.mails.length, mailsBefore + 1);
      assert.equal((await sendVia('/app-api/system/user/send-phone-verification-code', { phone: '13612340000', scene: 'login' })).data.devOutbox, true);

      const get = async (url: string) => mixed.app.server.inject({ method: 'GET', url });
      assert.deepEqual((await get('/app-api/dev/status')).json().data, { outbox: true, captcha: false, paySandbox: true, wechatLocalConfirm: true });
      assert.equal((await get('/app-api/dev/outbox?to=13612340000')).json().data.length, 1);
      assert.deepEqual((await get('/app-api/dev/outbox?to=mixed@example.com')).json().data, [], 'real mail never lands in the outbox');
      assert.equal((await get('/app-api/dev/captcha/anything')).statusCode, 404);
    });
  });
});

describe('verification codes: sender configuration', () => {
  it('refuses half a sender configuration at startup', () => {
    assert.throws(() => loadConfig({ SMTP_URL: 'smtps://u:p@mail.example.com:465' }), /SMTP_URL 和 MAIL_FROM 需要一起设置/);
    assert.throws(() => loadConfig({ MAIL_FROM: MAIL_FROM }), /SMTP_URL 和 MAIL_FROM 需要一起设置/);
    assert.throws(() => loadConfig({ SMTP_URL: 'https://mail.example.com', MAIL_FROM }), /SMTP_URL/);
    assert.throws(() => loadConfig({ ALIYUN_SMS_ACCESS_KEY_ID: 'id', ALIYUN_SMS_ACCESS_KEY_SECRET: 'secret' }), /ALIYUN_SMS_SIGN_NAME/);
    assert.throws(() => loadConfig({ CODE_RATE_PER_TARGET_MINUTE: '0' }), /CODE_RATE_PER_TARGET_MINUTE/);
    const empty = loadConfig({ SMTP_URL: '', MAIL_FROM: '' });
    assert.equal(empty.smtp, undefined, 'empty variables count as unset');
    assert.deepEqual(empty.codeRates, { perTargetMinute: 1, perTargetDay: 10, perIpHour: 20 });
  });

  it('reports each channel at startup: real senders at info, the outbox at warn, never the password', () => {
    const outbox = new DevOutbox(new MemorySharedState(), pino({ level: 'silent' }));
    const mixed = createCodeSenders(loadConfig({ SMTP_URL: 'smtps://mailer:hunter2@mail.example.com', MAIL_FROM }), outbox);
    assert.deepEqual([...mixed.outboxChannels], ['sms']);
    assert.deepEqual(mixed.report.map((line) => line.level), ['info', 'warn']);
    assert.match(mixed.report[0]!.message, /email: SMTP via smtps:\/\/mail\.example\.com:465/);
    assert.match(mixed.report[1]!.message, /sms: DEV OUTBOX .*ALIYUN_SMS_ACCESS_KEY_ID/);
    assert.ok(!mixed.report.some((line) => line.message.includes('hunter2')));

    const dev = createCodeSenders(loadConfig({}), outbox);
    assert.deepEqual([...dev.outboxChannels].sort(), ['email', 'sms']);
    assert.ok(dev.report.every((line) => line.level === 'warn'));
  });
});
