import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, describe, it } from 'node:test';
import { createTestStorage, type TestStorage } from '../testing/testDatabase.js';
import { fakeRemoteBuild } from '../testing/fakeRemoteBuild.js';

const cliPath = path.join(path.dirname(fileURLToPath(import.meta.url)), 'cli.ts');

describe(`ops CLI (${process.env.TEST_DATABASE ?? 'sqlite'})`, () => {
  let storage: TestStorage;
  const ops = (...args: string[]) => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', cliPath, 'remotes', ...args], {
      encoding: 'utf8',
      env: { ...process.env, DATA_DIR: storage.dataDir, DATABASE_URL: storage.databaseUrl ?? '', INIT_CWD: '/' },
    });
    return { code: result.status, out: result.stdout, err: result.stderr };
  };

  before(async () => {
    storage = await createTestStorage();
  });
  after(() => storage.cleanup());

  it('publishes, activates, canaries, rolls back and shows the history', () => {
    const v1 = fakeRemoteBuild({ area: 'toolbox', version: '1.0.0' });
    const v2 = fakeRemoteBuild({ area: 'toolbox', version: '2.0.0' });
    assert.equal(ops('publish', 'toolbox', v1, '--activate', '--notes', '首个版本').code, 0);
    const published = ops('publish', 'toolbox', v2);
    assert.equal(published.code, 0, published.err);
    assert.match(published.out, /已发布 toolbox 2\.0\.0/);

    assert.match(ops('list').out, /toolbox\s+在线 1\.0\.0 {2}上一版本 - {2}已发布 \[(2\.0\.0, 1\.0\.0|1\.0\.0, 2\.0\.0)\]/);
    assert.match(ops('canary', 'toolbox', '2.0.0', '25').out, /对 25% 的用户灰度 2\.0\.0/);
    assert.match(ops('list').out, /灰度 2\.0\.0 25%/);
    assert.match(ops('activate', 'toolbox', '2.0.0').out, /已上线 2\.0\.0（回退版本 1\.0\.0）/);
    assert.doesNotMatch(ops('list').out, /灰度/, 'activating the canary version ends the canary');
    assert.match(ops('rollback', 'toolbox').out, /已从 2\.0\.0 回滚到 1\.0\.0/);

    const history = ops('history', 'toolbox').out.trim().split('\n');
    assert.deepEqual(
      history.map((line) => line.split(/\s+/)[1]),
      ['rollback', 'activate', 'canary', 'publish', 'activate', 'publish'],
    );
  });

  it('explains refusals with a non-zero exit', () => {
    const invalid = ops('publish', 'toolbox', fakeRemoteBuild({ area: 'toolbox', version: '3.0.0', exposes: ['./nothing'] }));
    assert.equal(invalid.code, 1);
    assert.match(invalid.err, /构建不符合共享约定：没有暴露 \.\/app/);
    assert.equal(ops('activate', 'toolbox', '9.9.9').code, 1);
    assert.equal(ops('rollback', 'chat').code, 1);
    const badPercent = ops('canary', 'toolbox', '1.0.0', 'half');
    assert.equal(badPercent.code, 2);
    assert.match(badPercent.err, /percent 必须是 0 到 100 的整数/);
    const unknown = ops('explode');
    assert.equal(unknown.code, 2);
    assert.match(unknown.err, /用法: pnpm ops remotes/);
  });
});
