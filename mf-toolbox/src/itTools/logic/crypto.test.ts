/** @jest-environment node */
// Pure logic: Node has the web APIs it uses (TextEncoder, atob, Blob, Intl.Segmenter); jsdom lacks some.
import { hexToBytes } from './bytes';
import { hashAll, hashBlob, hmacOf } from './hash';
import { inspectId, makeIds } from './ids';
import { decodeJwt, verifyHmacJwt } from './jwt';
import { estimateStrength, generatePassword } from './password';

describe('hashes', () => {
  it('match the published digests of "abc" and ""', () => {
    const abc = hashAll('abc');
    expect(abc.md5.hex).toBe('900150983cd24fb0d6963f7d28e17f72');
    expect(abc.sha1.hex).toBe('a9993e364706816aba3e25717850c26c9cd0d89d');
    expect(abc.sha256.hex).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(abc.sha512.hex).toBe('ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f');
    const empty = hashAll('');
    expect(empty.md5.hex).toBe('d41d8cd98f00b204e9800998ecf8427e');
    expect(empty.sha1.hex).toBe('da39a3ee5e6b4b0d3255bfef95601890afd80709');
    expect(empty.sha256.hex).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(empty.sha512.hex).toBe('cf83e1357eefb8bdf1542850d66d8007d620e4050b5715dc83f4a921d36ce9ce47d0d13c5d85f2b0ff8318d2877eec2f63b931bd47417a81a538327af927da3e');
    expect(empty.sha256.base64).toBe('47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=');
  });

  it('hash a file in chunks to the same digests as at once', async () => {
    const bytes = new Uint8Array(9 * 1024 * 1024).map((_, i) => i % 251);
    const seen: number[] = [];
    const chunked = await hashBlob(new Blob([bytes]), (f) => seen.push(f));
    expect(chunked.sha256.hex).toBe(hashAll(bytes).sha256.hex);
    expect(chunked.md5.hex).toBe(hashAll(bytes).md5.hex);
    expect(seen).toEqual([4 / 9, 8 / 9, 1]);
  });

  it('HMAC-SHA256 gives RFC 4231 test case 2, with a text or a hex key', () => {
    const expected = '5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843';
    expect(hmacOf('sha256', 'Jefe', 'what do ya want for nothing?').hex).toBe(expected);
    expect(hmacOf('sha256', hexToBytes('4a656665')!, 'what do ya want for nothing?').hex).toBe(expected);
    expect(hexToBytes('4a6')).toBeNull();
    expect(hexToBytes('zz')).toBeNull();
  });
});

describe('JWT', () => {
  // jwt.io's sample token, signed with HS256 and the secret "your-256-bit-secret".
  const TOKEN = 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiaWF0IjoxNTE2MjM5MDIyfQ.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c';

  it('decodes header and payload, reads iat as a date and sees no expiry', () => {
    const decoded = decodeJwt(`Bearer ${TOKEN}`);
    expect(decoded).toMatchObject({ ok: true, value: { header: { alg: 'HS256', typ: 'JWT' }, payload: { sub: '1234567890', name: 'John Doe', iat: 1516239022 }, state: 'noExpiry' } });
    if (decoded.ok) expect(decoded.value.times).toEqual([{ claim: 'iat', date: new Date('2018-01-18T01:30:22.000Z') }]);
  });

  it('tells expired from valid and not yet valid by exp and nbf', () => {
    const token = (payload: object) => `eyJhbGciOiJub25lIn0.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.`;
    const now = new Date('2025-01-01T00:00:00Z');
    const at = (iso: string) => new Date(iso).getTime() / 1000;
    expect(decodeJwt(token({ exp: at('2024-12-31T00:00:00Z') }), now)).toMatchObject({ ok: true, value: { state: 'expired' } });
    expect(decodeJwt(token({ exp: at('2025-01-02T00:00:00Z') }), now)).toMatchObject({ ok: true, value: { state: 'valid' } });
    expect(decodeJwt(token({ nbf: at('2025-01-02T00:00:00Z'), exp: at('2025-02-01T00:00:00Z') }), now)).toMatchObject({ ok: true, value: { state: 'notYetValid' } });
  });

  it('verifies an HS256 signature only with the right secret, and never other algorithms', () => {
    expect(verifyHmacJwt(TOKEN, 'your-256-bit-secret')).toEqual({ ok: true, value: true });
    expect(verifyHmacJwt(TOKEN, 'wrong')).toEqual({ ok: true, value: false });
    expect(verifyHmacJwt('eyJhbGciOiJSUzI1NiJ9.e30.c2ln', 'x')).toEqual({ ok: false, error: '只能校验 HS256 / HS384 / HS512 签名，此令牌的算法是 RS256' });
  });

  it('says what is wrong with a broken token', () => {
    expect(decodeJwt('abc.def')).toEqual({ ok: false, error: 'JWT 应由点号分成 3 段，这里有 2 段' });
    expect(decodeJwt('bm90IGpzb24.e30.x')).toEqual({ ok: false, error: 'header 部分解码后不是 JSON 对象' });
  });
});

describe('ids', () => {
  it('makes UUID v4 / v7 and ULIDs in the asked form, and recognises them', () => {
    const [v4] = makeIds('uuid4', 1);
    expect(v4).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const v7s = makeIds('uuid7', 3, { uppercase: true, noHyphens: true });
    expect(v7s).toHaveLength(3);
    for (const id of v7s) expect(id).toMatch(/^[0-9A-F]{12}7[0-9A-F]{19}$/);
    const before = Date.now();
    const [v7] = makeIds('uuid7', 1);
    const info = inspectId(v7!);
    expect(info).toMatchObject({ kind: 'uuid', version: 7 });
    expect(Math.abs((info as { time: Date }).time.getTime() - before)).toBeLessThan(5000);
    expect(inspectId(v4!)).toEqual({ kind: 'uuid', version: 4, time: null });
    const [ulid] = makeIds('ulid', 1);
    expect(ulid).toMatch(/^[0-9A-HJKMNP-TV-Z]{26}$/);
    expect(inspectId(ulid!)).toMatchObject({ kind: 'ulid' });
    expect(inspectId('not-an-id')).toBeNull();
    expect(makeIds('uuid4', 10_000)).toHaveLength(500);
  });
});

describe('passwords', () => {
  const all = { length: 16, lower: true, upper: true, digits: true, symbols: true, noLookAlikes: false };

  it('have the length and at least one character of every chosen set', () => {
    for (let i = 0; i < 50; i++) {
      const p = generatePassword({ ...all, length: 8 })!;
      expect([...p]).toHaveLength(8);
      expect(p).toMatch(/[a-z]/);
      expect(p).toMatch(/[A-Z]/);
      expect(p).toMatch(/[0-9]/);
      expect(p).toMatch(/[^a-zA-Z0-9]/);
    }
    expect(generatePassword({ ...all, upper: false, digits: false, symbols: false, noLookAlikes: true, length: 200 })).toMatch(/^[a-km-np-z]{128}$/);
    expect(generatePassword({ ...all, lower: false, upper: false, digits: false, symbols: false })).toBeNull();
  });

  it('draw uniformly from the source (rejection sampling drops the biased tail)', () => {
    // A source that first gives the largest 32-bit value (rejected for a 10-digit set), then 7.
    const values = [0xffffffff, 7, 0, 0, 0, 0];
    const source = (buffer: Uint32Array) => {
      buffer[0] = values.shift() ?? 0;
      return buffer;
    };
    const p = generatePassword({ length: 4, lower: false, upper: false, digits: true, symbols: false, noLookAlikes: false }, source);
    expect(p).toContain('7');
  });

  it('estimate strength from length and character classes', () => {
    expect(estimateStrength('abc')).toEqual({ bits: 14, strength: 'veryWeak' });
    expect(estimateStrength('Abcdefgh12')).toEqual({ bits: 60, strength: 'strong' });
    expect(estimateStrength('aB3$aB3$aB3$aB3$aB3$')).toEqual({ bits: 131, strength: 'veryStrong' });
  });
});
