import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import zlib from 'node:zlib';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { NO_KNOWLEDGE } from '../../index.js';
import { outcomeOf } from '../../results.js';
import { MathRunner } from '../math/mathRunner.js';
import { createBuiltinMcpServer } from '../server.js';
import type { WebAccess } from '../urlReader.js';
import { isPublicAddress } from './addresses.js';
import { fetchPublicPage, PAGE_LIMITS, pinnedConnector, type Connector, type Resolver } from './pageFetch.js';

const ARTICLE = `<!doctype html><html><head><title>春季新品 - 示例新闻</title><script>alert(1)</script></head><body><nav>首页 关于</nav><article><h1>春季新品发布</h1>${'<p>今年春季我们发布了三款新产品，分别面向家庭、办公和户外场景，每一款都经过了长时间的测试。</p>'.repeat(4)}</article></body></html>`;

/** 网页读取: the address block (every hop, no second lookup), the limits, and the tool. */
describe('extensions: 网页读取 and its address block', () => {
  let site: http.Server;
  let port: number;
  const seenHosts: string[] = [];
  /** DNS as the tests want it: public-looking names, some pointing inside. */
  const dnsTable: Record<string, string[]> = {
    'news.example': ['93.184.216.34'],
    'inside.example': ['10.0.0.5'],
    'mixed.example': ['93.184.216.35', '192.168.1.10'],
  };
  const resolve: Resolver = async (hostname) => {
    const addresses = dnsTable[hostname];
    if (!addresses) throw Object.assign(new Error('not found'), { code: 'ENOTFOUND' });
    return addresses.map((address) => ({ address, family: 4 as const }));
  };
  /** The network of the tests: every checked public address is served by the local site. */
  const viaLocalSite: Connector = (url, _address, signal) => pinnedConnector(url, { address: '127.0.0.1', family: 4 }, signal);

  before(async () => {
    site = http.createServer((request, response) => {
      seenHosts.push(request.headers.host ?? '');
      const path = request.url ?? '/';
      if (path === '/article') return void response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(ARTICLE);
      if (path === '/moved') return void response.writeHead(302, { location: '/article' }).end();
      if (path === '/to-loopback') return void response.writeHead(302, { location: `http://127.0.0.1:${port}/article` }).end();
      if (path === '/to-inside') return void response.writeHead(301, { location: 'http://inside.example/secret' }).end();
      if (path === '/gzip') return void response.writeHead(200, { 'content-type': 'text/plain', 'content-encoding': 'gzip' }).end(zlib.gzipSync('压缩过的正文'));
      if (path === '/gbk') return void response.writeHead(200, { 'content-type': 'text/plain; charset=gbk' }).end(Buffer.from([0xc4, 0xe3, 0xba, 0xc3]));
      if (path === '/image') return void response.writeHead(200, { 'content-type': 'image/png' }).end('png');
      if (path === '/big') return void response.writeHead(200, { 'content-type': 'text/plain' }).end('字'.repeat(5000));
      if (path === '/hang') return;
      response.writeHead(404).end();
    });
    await new Promise<void>((done) => site.listen(0, '127.0.0.1', done));
    port = (site.address() as AddressInfo).port;
  });
  after(() => {
    site.closeAllConnections();
    site.close();
  });

  it('only public unicast addresses pass', () => {
    for (const address of ['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111', '::ffff:8.8.8.8']) assert.equal(isPublicAddress(address), true, address);
    for (const address of [
      '127.0.0.1', '127.8.9.10', '10.0.0.1', '172.16.5.4', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '224.0.0.1', '255.255.255.255', '192.0.2.1',
      '::1', '[::1]', '::', 'fe80::1', 'fe80::1%eth0', 'fc00::1', 'fd12:3456::1', 'ff02::1', '::ffff:127.0.0.1', '::ffff:10.0.0.1', '64:ff9b::7f00:1', '2002:7f00:1::1', 'not-an-ip',
    ]) {
      assert.equal(isPublicAddress(address), false, address);
    }
  });

  it('checks every redirect hop before connecting to it, and every address of a name', async () => {
    const connected: string[] = [];
    const redirecting: Connector = async (url, address, signal) => {
      connected.push(`${url.host} @ ${address.address}`);
      return viaLocalSite(url, address, signal);
    };
    const refusal = async (url: string) => {
      try {
        await fetchPublicPage(url, { resolve, connect: redirecting });
      } catch (error) {
        return (error as Error).message;
      }
      assert.fail(`fetched ${url}`);
    };
    assert.equal(await refusal(`http://news.example:${port}/to-loopback`), '不能访问内网、本机或保留地址：127.0.0.1');
    assert.deepEqual(connected, [`news.example:${port} @ 93.184.216.34`], 'the loopback hop was never connected');
    connected.length = 0;
    assert.equal(await refusal(`http://news.example:${port}/to-inside`), '不能访问内网、本机或保留地址：inside.example（10.0.0.5）');
    assert.equal(connected.length, 1);
    assert.equal(await refusal('http://mixed.example/'), '不能访问内网、本机或保留地址：mixed.example（192.168.1.10）');
    assert.equal(await refusal('http://nowhere.example/'), '无法解析域名：nowhere.example');
    assert.equal(await refusal('file:///etc/passwd'), '只能读取 http 或 https 网址：file:///etc/passwd');
    assert.equal(await refusal('http://user:pw@news.example/'), '网址不能包含用户名或密码');
  });

  it('connects to the checked address without looking the name up again', async () => {
    const response = await pinnedConnector(new URL(`http://no-such-host.invalid:${port}/article`), { address: '127.0.0.1', family: 4 }, AbortSignal.timeout(5000));
    assert.equal(response.status, 200);
    response.body.resume();
    assert.equal(seenHosts.at(-1), `no-such-host.invalid:${port}`, 'the Host header keeps the name');
  });

  it('follows public redirects, reads HTML, gzip and GBK text; refuses other types and errors; caps size and time', async () => {
    const page = await fetchPublicPage(`http://news.example:${port}/moved`, { resolve, connect: viaLocalSite });
    assert.deepEqual([page.url, page.kind, page.truncated], [`http://news.example:${port}/article`, 'html', false]);
    assert.match(page.body, /春季新品发布/);
    assert.equal((await fetchPublicPage(`http://news.example:${port}/gzip`, { resolve, connect: viaLocalSite })).body, '压缩过的正文');
    assert.equal((await fetchPublicPage(`http://news.example:${port}/gbk`, { resolve, connect: viaLocalSite })).body, '你好');
    await assert.rejects(fetchPublicPage(`http://news.example:${port}/image`, { resolve, connect: viaLocalSite }), { message: '不支持的内容类型：image/png（只能读取网页和纯文本）' });
    await assert.rejects(fetchPublicPage(`http://news.example:${port}/missing`, { resolve, connect: viaLocalSite }), { message: '网页返回 HTTP 404，无法读取' });
    const capped = await fetchPublicPage(`http://news.example:${port}/big`, { resolve, connect: viaLocalSite, limits: { ...PAGE_LIMITS, maxBytes: 3000 } });
    assert.deepEqual([capped.truncated, capped.body.length], [true, 1000]);
    const started = performance.now();
    await assert.rejects(fetchPublicPage(`http://news.example:${port}/hang`, { resolve, connect: viaLocalSite, limits: { ...PAGE_LIMITS, timeoutMs: 200 } }), { message: '读取网页超时（0.2 秒）' });
    assert.ok(performance.now() - started < 2000);
  });

  describe('the read_url tool', () => {
    const math = new MathRunner();
    after(() => math.close());
    const readUrl = async (web: WebAccess, url: string) => {
      const server = createBuiltinMcpServer({ userId: 'u' }, { knowledge: NO_KNOWLEDGE, math, web, now: () => new Date() }, ['url-reader']);
      const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
      await server.connect(serverSide);
      const client = new Client({ name: 'test', version: '1' });
      await client.connect(clientSide);
      try {
        return outcomeOf(await client.callTool({ name: 'read_url', arguments: { url } }));
      } finally {
        await client.close();
      }
    };

    it('refuses every URL while outbound fetches are off', async () => {
      assert.deepEqual(await readUrl({ allowed: false }, 'https://example.com/'), { ok: false, text: '网页读取未开启：管理员未允许服务器访问外网' });
    });

    it('with outbound fetches on, refuses loopback, private, link-local and mapped addresses (real DNS for localhost)', async () => {
      const cases: Array<[string, string]> = [
        [`http://127.0.0.1:${port}/article`, '127.0.0.1'],
        [`http://localhost:${port}/article`, 'localhost（'],
        ['http://10.0.0.1/', '10.0.0.1'],
        [`http://[::1]:${port}/article`, '[::1]'],
        ['http://169.254.169.254/latest/meta-data/', '169.254.169.254'],
        [`http://[::ffff:127.0.0.1]:${port}/article`, '[::ffff:7f00:1]'],
      ];
      for (const [url, shown] of cases) {
        const outcome = await readUrl({ allowed: true }, url);
        assert.equal(outcome.ok, false, url);
        assert.ok(outcome.text.startsWith(`不能访问内网、本机或保留地址：${shown}`), `${url}: ${outcome.text}`);
      }
      assert.equal(seenHosts.filter((host) => !host.startsWith('news.example') && !host.startsWith('no-such-host')).length, 0, 'the local site was never reached directly');
    });

    it('answers the title and readable text of a public page', async () => {
      const outcome = await readUrl({ allowed: true, resolve, connect: viaLocalSite }, `http://news.example:${port}/article`);
      assert.equal(outcome.ok, true, outcome.text);
      assert.match(outcome.text, new RegExp(`^标题：春季新品 - 示例新闻\\n网址：http://news.example:${port}/article\\n\\n`));
      assert.match(outcome.text, /今年春季我们发布了三款新产品/);
      assert.doesNotMatch(outcome.text, /alert|首页 关于/);
    });
  });
});
