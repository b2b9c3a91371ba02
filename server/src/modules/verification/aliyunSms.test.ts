import assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { canonicalQuery, createAliyunSmsSender, percentEncode, rpcSignature, sendSmsParams } from './aliyunSms.js';

describe('Aliyun SMS: RPC signature', () => {
  it('percent-encodes as RFC 3986 (space %20, * %2A, ~ kept, UTF-8)', () => {
    assert.equal(percentEncode("a b*c~d!'()/+="), 'a%20b%2Ac~d%21%27%28%29%2F%2B%3D');
    assert.equal(percentEncode('阿里'), '%E9%98%BF%E9%87%8C');
  });

  it('reproduces the worked example of Aliyun\'s SMS signature documentation', () => {
    // help.aliyun.com, SMS "HTTP 协议及签名": AccessKeyId testId, secret testSecret, GET.
    const params = {
      AccessKeyId: 'testId',
      Action: 'SendSms',
      Format: 'XML',
      OutId: '123',
      PhoneNumbers: '15300000001',
      RegionId: 'cn-hangzhou',
      SignName: '阿里云短信测试专用',
      SignatureMethod: 'HMAC-SHA1',
      SignatureNonce: '45e25e9b-0a6f-4070-8c85-2956eda1b466',
      SignatureVersion: '1.0',
      TemplateCode: 'SMS_71390007',
      TemplateParam: '{"customer":"test"}',
      Timestamp: '2017-07-12T02:42:19Z',
      Version: '2017-05-25',
    };
    assert.equal(
      canonicalQuery(params),
      'AccessKeyId=testId&Action=SendSms&Format=XML&OutId=123&PhoneNumbers=15300000001&RegionId=cn-hangzhou&SignName=%E9%98%BF%E9%87%8C%E4%BA%91%E7%9F%AD%E4%BF%A1%E6%B5%8B%E8%AF%95%E4%B8%93%E7%94%A8&SignatureMethod=HMAC-SHA1&SignatureNonce=45e25e9b-0a6f-4070-8c85-2956eda1b466&SignatureVersion=1.0&TemplateCode=SMS_71390007&TemplateParam=%7B%22customer%22%3A%22test%22%7D&Timestamp=2017-07-12T02%3A42%3A19Z&Version=2017-05-25',
    );
    assert.equal(rpcSignature('GET', params, 'testSecret'), 'zJDF+Lrzhj/ThnlvIToysFRq6t4=');
  });

  it('signs the method too, and sorts parameters by name whatever their order', () => {
    const params = { b: '2', a: '1' };
    assert.equal(rpcSignature('POST', params, 's'), rpcSignature('POST', { a: '1', b: '2' }, 's'));
    assert.notEqual(rpcSignature('POST', params, 's'), rpcSignature('GET', params, 's'));
  });

  it('builds SendSms parameters with the code as the template parameter and a second-precision UTC timestamp', () => {
    const options = { accessKeyId: 'id', accessKeySecret: 'secret', signName: '启明AI', templateCode: 'SMS_1', endpoint: 'http://127.0.0.1/' };
    const params = sendSmsParams(options, '13800138000', '012345', new Date('2025-01-02T03:04:05.678Z'), 'nonce-1');
    assert.deepEqual(params, {
      AccessKeyId: 'id',
      Action: 'SendSms',
      Format: 'JSON',
      PhoneNumbers: '13800138000',
      RegionId: 'cn-hangzhou',
      SignName: '启明AI',
      SignatureMethod: 'HMAC-SHA1',
      SignatureNonce: 'nonce-1',
      SignatureVersion: '1.0',
      TemplateCode: 'SMS_1',
      TemplateParam: '{"code":"012345"}',
      Timestamp: '2025-01-02T03:04:05Z',
      Version: '2017-05-25',
    });
  });
});

describe('Aliyun SMS: SendSms against a local stand-in for the endpoint', () => {
  let server: Server;
  let endpoint: string;
  const received: Array<{ method: string; contentType: string | undefined; body: string }> = [];
  let answer: { status: number; body: string } = { status: 200, body: '{"Code":"OK","Message":"OK","RequestId":"r-1","BizId":"b-1"}' };

  before(async () => {
    server = createServer(async (request: IncomingMessage, response) => {
      let body = '';
      for await (const chunk of request) body += chunk;
      received.push({ method: request.method!, contentType: request.headers['content-type'], body });
      response.writeHead(answer.status, { 'content-type': 'application/json' }).end(answer.body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  });
  after(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const sender = () => createAliyunSmsSender({ accessKeyId: 'LTAI-test', accessKeySecret: 'the-secret', signName: '启明AI', templateCode: 'SMS_123456', endpoint });

  it('posts a form whose signature the endpoint can verify', async () => {
    received.length = 0;
    await sender().send('13800138000', '654321', 'login');
    assert.equal(received.length, 1);
    const [request] = received;
    assert.equal(request!.method, 'POST');
    assert.equal(request!.contentType, 'application/x-www-form-urlencoded');
    const form = Object.fromEntries(new URLSearchParams(request!.body));
    assert.equal(form.Action, 'SendSms');
    assert.equal(form.Version, '2017-05-25');
    assert.equal(form.PhoneNumbers, '13800138000');
    assert.equal(form.SignName, '启明AI');
    assert.equal(form.TemplateCode, 'SMS_123456');
    assert.deepEqual(JSON.parse(form.TemplateParam!), { code: '654321' });
    assert.equal(form.AccessKeyId, 'LTAI-test');
    assert.ok(Math.abs(Date.parse(form.Timestamp!) - Date.now()) < 5000);
    // What the service does: recompute over everything but Signature with the shared secret.
    const { Signature, ...signedParams } = form;
    assert.equal(Signature, rpcSignature('POST', signedParams as Record<string, string>, 'the-secret'));
    assert.ok(!request!.body.includes('the-secret'), 'the secret never travels');
  });

  it('uses a new nonce for every call', async () => {
    received.length = 0;
    await sender().send('13800138000', '111111', 'login');
    await sender().send('13800138000', '222222', 'login');
    const nonces = received.map((r) => new URLSearchParams(r.body).get('SignatureNonce'));
    assert.notEqual(nonces[0], nonces[1]);
  });

  it('rejects when Aliyun refuses, with its code in the error', async () => {
    answer = { status: 200, body: '{"Code":"isv.BUSINESS_LIMIT_CONTROL","Message":"触发分钟级流控","RequestId":"r-2"}' };
    await assert.rejects(sender().send('13800138000', '333333', 'login'), /isv\.BUSINESS_LIMIT_CONTROL/);
    answer = { status: 502, body: '<html>bad gateway</html>' };
    await assert.rejects(sender().send('13800138000', '333333', 'login'), /HTTP 502/);
  });
});
