import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { PNG } from 'pngjs';
import { MemorySharedState } from '../../sharedState/index.js';
import { signed } from '../../testing/signature.js';
import { createTestApp, type TestApp } from '../../testing/testApp.js';
import { CAPTCHA_HEIGHT, CAPTCHA_WIDTH, PIECE_SIZE, PIECE_X_MAX, PIECE_X_MIN, PIECE_Y_MAX, PIECE_Y_MIN } from './puzzleImage.js';
import { CaptchaService } from './service.js';
import { humanTrace } from './testing.js';

function decodePng(dataUrl: string): PNG {
  const prefix = 'data:image/png;base64,';
  assert.ok(dataUrl.startsWith(prefix), 'a PNG data URL');
  return PNG.sync.read(Buffer.from(dataUrl.slice(prefix.length), 'base64'));
}

describe('slide captcha: service', () => {
  const state = new MemorySharedState();
  const captcha = new CaptchaService(state, { perIp: 1_000_000, perTarget: 1_000_000, windowSeconds: 600 });
  after(() => state.close());

  /** A challenge and its hole (the dev outbox's view of it). */
  async function challenge() {
    const created = await captcha.create({ ip: '127.0.0.1' });
    const hole = await captcha.answerOf(created.captchaId);
    assert.ok(hole !== null);
    return { ...created, ...hole };
  }
  type Challenge = Awaited<ReturnType<typeof challenge>>;
  /** A person's drag of the challenge's piece to (x, y), and the check of it. */
  const dragTo = (c: Challenge, x: number, y: number) => captcha.check(c.captchaId, { x, y, trace: humanTrace({ x: 0, y: c.pieceY }, { x, y }) });

  it('draws two decodable PNGs of the stated sizes, the piece transparent outside its outline', async () => {
    const c = await challenge();
    const background = decodePng(c.background);
    const piece = decodePng(c.piece);
    assert.deepEqual([background.width, background.height, c.width, c.height], [CAPTCHA_WIDTH, CAPTCHA_HEIGHT, 320, 160]);
    assert.deepEqual([piece.width, piece.height, c.pieceSize], [PIECE_SIZE, PIECE_SIZE, 50]);
    assert.equal(piece.data[3], 0, 'top-left corner of the piece is transparent');
    assert.equal(piece.data[(25 * PIECE_SIZE + 25) * 4 + 3], 255, 'centre of the piece is opaque');
    assert.ok(c.x >= PIECE_X_MIN && c.x <= PIECE_X_MAX, `x = ${c.x}`);
    assert.ok(c.y >= PIECE_Y_MIN && c.y <= PIECE_Y_MAX && c.y + PIECE_SIZE <= CAPTCHA_HEIGHT, `y = ${c.y}`);
    assert.ok(c.pieceY >= PIECE_Y_MIN && c.pieceY <= PIECE_Y_MAX, 'the piece starts inside the picture');
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
        const b = ((c.y + j) * CAPTCHA_WIDTH + c.x + i) * 4;
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
    assert.deepEqual(Object.keys(a).filter((k) => k !== 'x' && k !== 'y').sort(), ['background', 'captchaId', 'expiresInSeconds', 'height', 'piece', 'pieceSize', 'pieceY', 'width']);
    assert.notEqual(a.captchaId, b.captchaId);
    assert.notEqual(a.background, b.background);
    assert.notEqual(a.piece, b.piece);
  });

  it('accepts a humanlike drag within 3 px of the hole on both axes once, and its token once', async () => {
    for (const [dx, dy] of [[-3, 3], [0, 0], [2.6, -2], [3, -3]] as const) {
      const c = await challenge();
      const { captchaToken } = await dragTo(c, c.x + dx, c.y + dy);
      assert.match(captchaToken, /^[A-Za-z0-9_-]{43}$/);
      await assert.rejects(dragTo(c, c.x, c.y), { code: 1107, message: '滑块验证失败，请重试' }, 'a second check of the same challenge');
      assert.equal(await captcha.consumeCaptchaToken(captchaToken), true);
      assert.equal(await captcha.consumeCaptchaToken(captchaToken), false, 'a token is good for one send');
    }
  });

  it('refuses a release off by more than 3 px on either axis, or with no y, and that check uses the challenge up', async () => {
    for (const [dx, dy] of [[20, 0], [-20, 0], [5, 0], [-4, 0], [3.5, 0], [0, 4], [0, -3.5], [0, 30], [2, 4]] as const) {
      const c = await challenge();
      await assert.rejects(dragTo(c, c.x + dx, c.y + dy), { code: 1107 }, `off by ${dx}, ${dy}`);
      await assert.rejects(dragTo(c, c.x, c.y), { code: 1107 }, 'no second try on the same challenge');
      assert.equal(await captcha.answerOf(c.captchaId), null);
    }
    const c = await challenge();
    await assert.rejects(captcha.check(c.captchaId, { x: c.x, y: undefined, trace: humanTrace({ x: 0, y: c.pieceY }, c) }), { code: 1107 }, 'a client that sends x only');
  });

  it('refuses unknown challenges and tokens', async () => {
    await assert.rejects(captcha.check('no-such-captcha', { x: 100, y: 50, trace: humanTrace({ x: 0, y: 50 }, { x: 100, y: 50 }) }), { code: 1107 });
    for (const token of ['', 'short', 'A'.repeat(43), undefined as unknown as string]) assert.equal(await captcha.consumeCaptchaToken(token), false);
  });

  it('gives one success to simultaneous checks of one challenge, and one send to simultaneous uses of one token', async () => {
    const c = await challenge();
    const results = await Promise.allSettled(Array.from({ length: 5 }, () => dragTo(c, c.x, c.y)));
    const passed = results.filter((r) => r.status === 'fulfilled');
    assert.equal(passed.length, 1);
    const { captchaToken } = (passed[0] as PromiseFulfilledResult<{ captchaToken: string }>).value;
    const uses = await Promise.all(Array.from({ length: 5 }, () => captcha.consumeCaptchaToken(captchaToken)));
    assert.equal(uses.filter(Boolean).length, 1);
  });

  it('refuses the exact answer without a trace, with a jump, a straight constant-speed line, or a trace starting or ending elsewhere', async () => {
    const straight = (c: Challenge) => Array.from({ length: 20 }, (_, i): [number, number, number] => [(c.x * i) / 19, c.pieceY + ((c.y - c.pieceY) * i) / 19, i * 30]);
    const cases = {
      none: () => undefined,
      empty: () => [],
      jump: (c: Challenge) => [[0, c.pieceY, 0], [c.x, c.y, 400]],
      straight,
      'x and t only': (c: Challenge) => humanTrace({ x: 0, y: c.pieceY }, c).map(([x, , t]) => [x, t]),
      'ends elsewhere': (c: Challenge) => humanTrace({ x: 0, y: c.pieceY }, { x: c.x + 40, y: c.y }),
      'starts elsewhere': (c: Challenge) => humanTrace({ x: 0, y: c.pieceY > 60 ? c.pieceY - 30 : c.pieceY + 30 }, c),
    };
    for (const [name, trace] of Object.entries(cases)) {
      const c = await challenge();
      await assert.rejects(captcha.check(c.captchaId, { x: c.x, y: c.y, trace: trace(c) }), { code: 1107 }, name);
    }
  });

  it('blind guesses with a forged humanlike trace pass about 49 in 19,291 (a slide along x alone let 7 in 191 through)', async () => {
    let passed = 0;
    for (let i = 0; i < 400; i++) {
      const c = await challenge();
      await dragTo(c, 165, 55).then(() => passed++, () => undefined);
    }
    // Expected 1 in 400; the x-only slide would have let about 15 through.
    assert.ok(passed <= 6, `${passed} of 400`);
  });

  it('counts challenges per IP and per target (1108), and a token asked for one target sends only to it', async () => {
    const limited = new CaptchaService(state, { perIp: 3, perTarget: 2, windowSeconds: 600 });
    for (let i = 0; i < 3; i++) await limited.create({ ip: '10.9.9.1' });
    await assert.rejects(limited.create({ ip: '10.9.9.1' }), { code: 1108, message: '滑块验证过于频繁，请 10 分钟后再试' });
    await limited.create({ ip: '10.9.9.2', target: 'A@example.com' });
    const c = await limited.create({ ip: '10.9.9.3', target: 'a@example.com ' });
    await assert.rejects(limited.create({ ip: '10.9.9.4', target: 'a@example.com' }), { code: 1108 }, 'a third challenge for the target from another IP');
    const hole = (await limited.answerOf(c.captchaId))!;
    const { captchaToken } = await limited.check(c.captchaId, { ...hole, trace: humanTrace({ x: 0, y: c.pieceY }, hole) });
    assert.equal(await limited.consumeCaptchaToken(captchaToken, 'b@example.com'), false);
    assert.equal(await limited.consumeCaptchaToken(captchaToken), false);
    assert.equal(await limited.consumeCaptchaToken(captchaToken, 'a@example.com'), true);
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
    const hole = await new CaptchaService(t.app.sharedState).answerOf(data.captchaId);
    assert.ok(hole !== null);

    const release = { x: hole.x + 3, y: hole.y - 2 };
    const passed = (await post('/app-api/captcha/check', { captchaId: data.captchaId, ...release, trace: humanTrace({ x: 0, y: data.pieceY }, release) })).json();
    assert.equal(passed.code, 0);
    assert.match(passed.data.captchaToken, /^[A-Za-z0-9_-]{43}$/);
    assert.deepEqual((await post('/app-api/captcha/check', { captchaId: data.captchaId, ...hole })).json(), { code: 1107, data: null, msg: '滑块验证失败，请重试' });
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
