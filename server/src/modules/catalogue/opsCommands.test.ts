import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { opsCli } from '../../testing/opsCli.js';
import { suiteDatabase } from '../../testing/testDatabase.js';
import { createCatalogue } from './catalogue.js';
import { OpsInputError } from '../module.js';
import { MODELS } from './models.js';
import { runCatalogueCommand } from './opsCommands.js';
import { silentLog } from '../../log.js';

describe(`pnpm ops catalogue (${process.env.TEST_DATABASE ?? 'sqlite'})`, () => {
  const t = suiteDatabase();

  const ops = async (...args: string[]) => {
    const lines: string[] = [];
    await runCatalogueCommand(t.db.db, args, (line) => lines.push(line), { reloadSeconds: 15, now: () => new Date('2030-06-01T00:00:00Z') });
    return lines.join('\n');
  };
  const refusal = async (...args: string[]) => {
    try {
      await ops(...args);
    } catch (error) {
      assert.ok(error instanceof OpsInputError, String(error));
      return error.message;
    }
    return assert.fail(`not refused: ${args.join(' ')}`);
  };

  it('lists every model with its price and shows one', async () => {
    const list = await ops('list');
    assert.equal(list.split('\n').length, MODELS.length + 1);
    assert.match(list, /^gpt-4o-mini +GPT-4o mini {2}gpt {2}40积分\/次$/m);
    assert.match(list, new RegExp(`共 ${MODELS.length} 个模型，目录版本 [0-9a-f]{16}（修订 0）`));
    const shown = await ops('show', 'gpt-4.1');
    const entry = JSON.parse(shown.slice(0, shown.lastIndexOf('}') + 1));
    assert.deepEqual(entry.price, { kind: 'perMillionTokens', input: 700000, output: 700000 });
    assert.equal(entry.modelprice, '700000积分/百万tokens');
    assert.match(shown, /来源：内置，未修改$/);
    assert.match(await refusal('show', 'gpt-9'), /未知的模型 gpt-9/);
  });

  it('sets fields and prices, prints what changed and when servers apply it', async () => {
    const set = await ops('set', 'gpt-4o', 'stars', '9');
    assert.match(set, /^已修改 gpt-4o：\n {2}stars: 8 → 9\n所有服务器将在 15 秒内生效/);
    assert.match(await ops('set', 'gpt-4o', 'labelText', '更快的', '旗舰'), /labelText: "全能旗舰：会看图，能读文件" → "更快的 旗舰"/, 'plain text, words joined');
    assert.match(await ops('set', 'gpt-4o', 'funLabelList', '["识图","写作"]'), /funLabelList: \["识图","文件","写作"\] → \["识图","写作"\]/);
    const price = await ops('price', 'gpt-4o', '{"kind":"perRequest","points":650}');
    assert.match(price, /price: 600积分\/次 \{"kind":"perRequest","points":600\} → 650积分\/次 \{"kind":"perRequest","points":650\}/);

    const catalogue = await createCatalogue(t.db.db, { scheduler: () => ({ stop() {} }), log: silentLog });
    try {
      assert.deepEqual(catalogue.find('gpt-4o')?.price, { kind: 'perRequest', points: 650 });
      assert.equal(catalogue.find('gpt-4o')?.stars, 9);
    } finally {
      await catalogue.close();
    }
    assert.match(await ops('list'), /^gpt-4o +GPT-4o {2}gpt {2}650积分\/次 {2}\[已修改: funLabelList, labelText, price, stars\]$/m);
    assert.match(await ops('show', 'gpt-4o'), /来源：内置，已修改 funLabelList, labelText, price, stars$/);
  });

  it('adds, exports and resets', async () => {
    const json = JSON.stringify({ label: '测试模型', labelText: '测试用', tooltip: '仅测试', modelType: 'glm', level: '基础', stars: 3, shortIntro: '一个测试用的模型。', price: { kind: 'perMillionTokens', input: 1000, output: 2000 } });
    assert.match(await ops('add', 'test-model', json), /^已新增模型 test-model（测试模型，glm，输入1000积分\/百万tokens，输出2000积分\/百万tokens）\n所有服务器将在 15 秒内生效/);
    assert.match(await ops('list'), /^test-model +测试模型 .* {2}\[新增\]$/m);
    const exported = JSON.parse(await ops('export')) as { version: string; revision: number; entries: Array<{ id: string; type: string; uid: number }> };
    assert.equal(exported.entries.length, MODELS.length + 1);
    assert.deepEqual(exported.entries.at(-1), { ...exported.entries.at(-1), id: 'test-model', type: '官方', uid: 3 });
    assert.ok(exported.revision > 0);

    assert.match(await ops('reset', 'test-model'), /^已删除新增的模型 test-model（测试模型/);
    assert.match(await ops('reset', 'gpt-4o'), /^已恢复 gpt-4o 的内置配置：\n.*stars: 9 → 8/s);
    assert.doesNotMatch(await ops('list'), /\[已修改|\[新增\]/);
  });

  it('refuses bad input with a Chinese message', async () => {
    assert.match(await refusal('set', 'gpt-4o', 'stars', '11'), /修改被拒绝，模型 gpt-4o 将不合法：stars: /);
    assert.match(await refusal('price', 'gpt-4o', '{kind:perRequest}'), /价格规则不是合法的 JSON/);
    assert.match(await refusal('price', 'gpt-4o', '{"kind":"perRequest","points":-5}'), /price\.points/);
    assert.match(await refusal('add', 'x-2', '{"label":"x"}'), /缺少必填字段：labelText、tooltip、modelType、level、stars、shortIntro、price/);
    assert.match(await refusal('set', 'gpt-4o', 'stars'), /缺少参数：值/);
    assert.match(await refusal('set'), /缺少参数：id\n用法: pnpm ops catalogue/);
    assert.match(await refusal('explode'), /^未知命令：explode\n用法: pnpm ops catalogue/);
    assert.match(await refusal(), /^用法: pnpm ops catalogue/);
  });

  it('runs through pnpm ops: exit 0 on success, 2 with the reason on a refusal', async () => {
    const cli = (...args: string[]) => opsCli(t.storage, ['catalogue', ...args]);
    const set = await cli('set', 'o3', 'stars', '-3');
    assert.equal(set.code, 2, 'a negative number reaches the catalogue rules, not the option parser');
    assert.match(set.err, /stars: /);
    const ok = await cli('set', 'o3', 'isNewModel', 'true');
    assert.equal(ok.code, 0, ok.err);
    assert.match(ok.out, /isNewModel: false → true/);
    const usage = await cli();
    assert.equal(usage.code, 2);
    assert.match(usage.err, /用法: pnpm ops catalogue/);
  });
});
