import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { normaliseEmail, normalisePhone, normaliseTarget, requireEmail, requirePhone } from './identifiers.js';

describe('identifiers', () => {
  it('normalises mainland mobile numbers to 11 digits', () => {
    const valid: Array<[string, string]> = [
      ['13800138000', '13800138000'],
      ['138 0013 8000', '13800138000'],
      ['138-0013-8000', '13800138000'],
      [' +86 138 0013 8000 ', '13800138000'],
      ['+8613800138000', '13800138000'],
      ['8613800138000', '13800138000'],
      ['86 199-0000-0000', '19900000000'],
      ['16612345678', '16612345678'],
    ];
    for (const [input, expected] of valid) assert.equal(normalisePhone(input), expected, input);
  });

  it('refuses what is not a mainland mobile number', () => {
    const invalid: unknown[] = ['', '1380013800', '138001380001', '12800138000', '10000000000', '+85213800138000', '+1 415 555 0100', '0086 13800138000', '１３８００１３８０００', '138O0138000', '138.0013.8000', 13800138000, null, undefined];
    for (const input of invalid) assert.equal(normalisePhone(input), null, String(input));
  });

  it('trims and lower-cases e-mail addresses, and refuses malformed ones', () => {
    assert.equal(normaliseEmail('  Li.Lei@Example.COM '), 'li.lei@example.com');
    assert.equal(normaliseEmail('a+tag@sub.example.cn'), 'a+tag@sub.example.cn');
    for (const input of ['', 'plain', 'a@b', 'a b@c.com', '@example.com', 'a@example..com', `${'a'.repeat(250)}@example.com`, 42, null]) {
      assert.equal(normaliseEmail(input), null, String(input));
    }
  });

  it('reads a target as a phone number first, then as an e-mail address', () => {
    assert.equal(normaliseTarget('+86 138 0013 8000'), '13800138000');
    assert.equal(normaliseTarget('USER@example.com'), 'user@example.com');
    assert.equal(normaliseTarget('nobody'), null);
  });

  it('refuses with the messages the login page shows', () => {
    assert.throws(() => requirePhone('123'), { code: 400, message: '请输入正确的手机号' });
    assert.throws(() => requireEmail('nobody'), { code: 400, message: '请输入正确的邮箱地址' });
    assert.equal(requirePhone('138-0013-8000'), '13800138000');
    assert.equal(requireEmail(' A@B.CO '), 'a@b.co');
  });
});
