import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { PNG } from 'pngjs';
import { MemorySharedState } from '../../sharedState/index.js';
import { signed } from '../../testing/signature.js';
import { createTestApp, type TestApp } from '../../testing/testApp.js';
import { CAPTCHA_HEIGHT, CAPTCHA_WIDTH, PIECE_SIZE, PIECE_X_MAX, PIECE_X_MIN } from './puzzleImage.js';
import { CaptchaService } from './service.js';

function decodePng(dataUrl: string): PNG {
  const prefix = 'data:image/png;base64,';
  assert.ok(dataUrl.startsWith(prefix), 'a PNG data URL');
  return PNG.sync.read(Buffer.from(dataUrl.slice(prefix.length), 'base64'));
}

describe('slide captcha: service', () => {
  const state = new MemorySharedState();
  const captcha = new CaptchaService(state);
  after(() => state.close());

  /** A challenge and its answer (the dev outbox's view of it). */
  async function challenge() {
    const created = await captcha.create();
    const x = await captcha.answerOf(created.captchaId);
    assert.ok(x !== null);
    return { ...created, x };
  }

  it('draws two decodable PNGs of the stated sizes, the piece transparent outside its outline', async () => {
    const c = await challenge();
    const background = decodePng(c.background);
    const piece = decodePng(c.piece);
    assert.deepEqual([background.width, background.height, c.width, c.height], [CAPTCHA_WIDTH, CAPTCHA_HEIGHT, 320, 160]);
    assert.deepEqual([piece.width, piece.height, c.pieceSize], [PIECE_SIZE, PIECE_SIZE, 50]);
    assert.equal(piece.data[3], 0, 'top-left corner of the piece is transparent');
    assert.equal(piece.data[(25 * PIECE_SIZE + 25) * 4 + 3], 255, 'centre of the piece is opaque');
    assert.ok(c.x >= PIECE_X_MIN && c.x <= PIECE_X_MAX, `x = ${c.x}`);
    assert.ok(c.pieceY >= 0 && c.pieceY + PIECE_SIZE <= CAPTCHA_HEIGHT);
    assert.equal(c.expiresInSeconds, 120);
  });

  it('shows the hole where the piece was cut out: darker there than the piece', async () => {
    const c = await challenge();
    const background = decodePng(c.background);
    const piece = decodePng(c.piece);
    let hole = 0;
    let cut = 0;
    let pixels = 0;
    for (let j = 0; j < PIECE_SIZE; j++) {
      for (let i = 0; i < PIECE_SIZE; i++) {
        const p = (j * PIECE_SIZE + i) * 4;
        if (piece.data[p + 3] !== 255) continue;
        const b = ((c.pieceY + j) * CAPTCHA_WIDTH + c.x + i) * 4;
        for (let k = 0; k < 3; k++) {
          hole += background.data[b + k]!;
          cut += piece.data[p + k]!;
        }
        pixels++;
      }
    }
    assert.ok(hole / pixels < (cut / pixels) * 0.75, `hole ${hole / pixels / 3} vs piece ${cut / pixels / 3}`);
  });

  it('tells nothing of the answer but the images, and differs every time', async () => {
    const [a, b] = await Promise.all([challenge(), challenge()]);
    assert.deepEqual(Object.keys(a).filter((k) => k !== 'x').sort(), ['background', 'captchaId', 'expiresInSeconds', 'height', 'piece', 'pieceSize', 'pieceY', 'width']);
    assert.notEqual(a.captchaId, b.captchaId);
    assert.notEqual(a.background, b.background);
    assert.notEqual(a.piece, b.piece);
  });

  it('accepts a release within 5 px once, and its token once', async () => {
    for (const offset of [-5, 0, 4.6, 5]) {
      const c = await challenge();
      const { captchaToken } = await captcha.check(c.captchaId, c.x + offset);
      assert.match(captchaToken, /^[A-Za-z0-9_-]{43}$/);
      await assert.rejects(captcha.check(c.captchaId, c.x), { code: 1107, message: '滑块验证失败，请重试' }, 'a second check of the same challenge');
      assert.equal(await captcha.consumeCaptchaToken(captchaToken), true);
      assert.equal(await captcha.consumeCaptchaToken(captchaToken), false, 'a token is good for one send');
    }
  });

  it('refuses a release off by more than 5 px, and that check uses the challenge up', async () => {
    for (const offset of [20, -20, 5.5]) {
      const c = await challenge();
      await assert.rejects(captcha.check(c.captchaId, c.x + offset), { code: 1107 });
      await assert.rejects(captcha.check(c.captchaId, c.x), { code: 1107 }, 'no second try on the same challenge');
      assert.equal(await captcha.answerOf(c.captchaId), null);
    }
  });

  it('refuses unknown challenges and tokens', async () => {
    await assert.rejects(captcha.check('no-such-captcha', 100), { code: 1107 });
    for (const token of ['', 'short', 'A'.repeat(43), undefined as unknown as string]) assert.equal(await captcha.consumeCaptchaToken(token), false);
  });

  it('gives one success to simultaneous checks of one challenge, and one send to simultaneous uses of one token', async () => {
    const c = await challenge();
    const results = await Promise.allSettled(Array.from({ length: 5 }, () => captcha.check(c.captchaId, c.x)));
    const passed = results.filter((r) => r.status === 'fulfilled');
    assert.equal(passed.length, 1);
    const { captchaToken } = (passed[0] as PromiseFulfilledResult<{ captchaToken: string }>).value;
    const uses = await Promise.all(Array.from({ length: 5 }, () => captcha.consumeCaptchaToken(captchaToken)));
    assert.equal(uses.filter(Boolean).length, 1);
  });
});

describe(`slide captcha: HTTP (${process.env.TEST_DATABASE ?? 'sqlite'})`, () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp();
  });
  after(() => t.close());

  const post = (url: string, payload?: object) => t.app.server.inject(signed({ method: 'POST', url, ...(payload ? { payload } : {}) }));

  it('serves a challenge and checks it: passed once, then refused', async () => {
    const got = await post('/app-api/captcha/get');
    assert.equal(got.statusCode, 200);
    const { code, data } = got.json();
    assert.equal(code, 0);
    decodePng(data.background);
    decodePng(data.piece);
    const x = await new CaptchaService(t.app.sharedState).answerOf(data.captchaId);
    assert.ok(x !== null);

    const passed = (await post('/app-api/captcha/check', { captchaId: data.captchaId, x: x + 3 })).json();
    assert.equal(passed.code, 0);
    assert.match(passed.data.captchaToken, /^[A-Za-z0-9_-]{43}$/);
    assert.deepEqual((await post('/app-api/captcha/check', { captchaId: data.captchaId, x })).json(), { code: 1107, data: null, msg: '滑块验证失败，请重试' });
  });

  it('refuses a malformed check with a Chinese message', async () => {
    for (const payload of [{}, { captchaId: 'x', x: 'left' }, { captchaId: '', x: 10 }]) {
      const answer = (await post('/app-api/captcha/check', payload)).json();
      assert.equal(answer.code, 400);
      assert.match(answer.msg, /^请求参数不正确：/);
    }
  });

  it('needs the request signature', async () => {
    const unsigned = await t.app.server.inject({ method: 'POST', url: '/app-api/captcha/get' });
    assert.equal(unsigned.json().code, 4001);
  });
});
