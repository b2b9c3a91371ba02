/** @jest-environment node */
import { createStreamHostSelector } from './streamHost';
import { startTestServer } from './testServer';

describe('stream host selection by /ping', () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  beforeAll(async () => {
    server = await startTestServer({ '/ping': (_req, reply) => reply(200, 'OK') });
  });
  afterAll(() => server.close());
  beforeAll(() => jest.spyOn(console, 'warn').mockImplementation(() => {}));

  it('sticks to the primary host when it answers, asking only once', async () => {
    const selector = createStreamHostSelector(() => [server.origin, 'http://127.0.0.1:9'], () => fetch);
    const before = server.received.length;
    expect(await selector.host()).toBe(server.origin);
    expect(await selector.host()).toBe(server.origin);
    expect(server.received.length - before).toBe(1);
  });

  it('logs the failure and uses the backup when the primary does not answer', async () => {
    const selector = createStreamHostSelector(() => ['http://127.0.0.1:9', server.origin], () => fetch);
    expect(await selector.host()).toBe(server.origin);
    expect(console.warn).toHaveBeenCalledWith(expect.stringContaining('连接 http://127.0.0.1:9 失败'));
  });

  it('gives up on a primary that takes longer than 1 s', async () => {
    const slow = await startTestServer({ '/ping': async (_req, reply) => { await new Promise((r) => setTimeout(r, 1500)); reply(200, 'OK'); } });
    try {
      const selector = createStreamHostSelector(() => [slow.origin, server.origin], () => fetch);
      expect(await selector.host()).toBe(server.origin);
    } finally {
      await slow.close();
    }
  });
});
