import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { persistentSecret } from './secrets.js';

describe('persistent secrets', () => {
  const tempDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'qm-secrets-'));

  it('generates a secret once per name and keeps it in DATA_DIR/secrets.json, readable by the owner only', () => {
    const dataDir = path.join(tempDir(), 'not-yet-there');
    const pepper = persistentSecret(dataDir, 'codePepper');
    assert.match(pepper, /^[A-Za-z0-9_-]{43}$/, '32 random bytes, base64url');
    assert.equal(persistentSecret(dataDir, 'codePepper'), pepper, 'the same after a restart');
    const jwt = persistentSecret(dataDir, 'jwtSecret');
    assert.notEqual(jwt, pepper);

    const file = path.join(dataDir, 'secrets.json');
    assert.deepEqual(JSON.parse(fs.readFileSync(file, 'utf8')), { codePepper: pepper, jwtSecret: jwt });
    assert.equal(fs.statSync(file).mode & 0o777, 0o600);
    assert.deepEqual(fs.readdirSync(dataDir), ['secrets.json'], 'no staging file left behind');
    fs.rmSync(path.dirname(dataDir), { recursive: true, force: true });
  });

  it('refuses to overwrite a secrets file it cannot read', () => {
    const dataDir = tempDir();
    for (const content of ['["not", "an", "object"]', '{"codePepper": 1}', '{"truncated']) {
      fs.writeFileSync(path.join(dataDir, 'secrets.json'), content);
      assert.throws(() => persistentSecret(dataDir, 'codePepper'), /secrets\.json is not a JSON object of strings/);
      assert.equal(fs.readFileSync(path.join(dataDir, 'secrets.json'), 'utf8'), content);
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
});
