import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { AppError } from '../../http/envelope.js';
import { assertPasswordRule, hashPassword, PASSWORD_RULE_MESSAGE, passwordMatches } from './passwords.js';

describe('passwords', () => {
  it('need 8+ characters with letters and digits', () => {
    for (const bad of ['abc123', 'abcdefgh', '12345678', '        ', 'a1'.repeat(65)]) {
      assert.throws(() => assertPasswordRule(bad), (error: unknown) => error instanceof AppError && error.code === 400 && error.message === PASSWORD_RULE_MESSAGE, bad);
    }
    for (const good of ['abcdefg1', 'PASSWORD2024', '密码密码ab12', 'a1'.repeat(64)]) assert.doesNotThrow(() => assertPasswordRule(good), good);
  });

  it('are stored as argon2id hashes that only the same password matches', async () => {
    const stored = await hashPassword('correct horse 1');
    assert.match(stored, /^\$argon2id\$/);
    assert.equal(await passwordMatches(stored, 'correct horse 1'), true);
    assert.equal(await passwordMatches(stored, 'correct horse 2'), false);
    assert.equal(await passwordMatches('not-a-hash', 'correct horse 1'), false);
  });
});
