import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { silentLog } from '../../log.js';
import { suiteDatabase } from '../../testing/testDatabase.js';
import { MODELS } from '../catalogue/index.js';
import { OpsInputError } from '../module.js';
import { BUILT_IN_AGENTS } from './builtIn/catalogue.js';
import { seedBuiltInAgents, type BuiltInAgentSeed } from './builtIn/seed.js';
import { createAgentsModule, NO_UPLOADS } from './index.js';
import { checkSeed, runAgentsCommand } from './opsCommands.js';
import { AgentsRepository } from './repository.js';

const catalogue = { find: (id: string) => MODELS.find((m) => m.id === id) };
const seed = (overrides: Partial<BuiltInAgentSeed> = {}): BuiltInAgentSeed => ({
  slug: 'ops-test',
  kind1: 'life',
  appName: '生活小助手',
  description: '回答生活中的小问题',
  mannulModel: 'gpt-4o-mini',
  systemPrompt: '你是生活小助手。',
  questions: ['怎么去除衣服上的油渍', '冰箱里的菜能放几天', '如何快速入睡', '周末做什么好'],
  en: { appName: 'Life helper', description: 'Everyday questions', questions: ['a', 'b', 'c', 'd'] },
  ...overrides,
});

describe(`pnpm ops agents and the built-in seed (${process.env.TEST_DATABASE ?? 'sqlite'})`, () => {
  const storage = suiteDatabase();
  const build = (seeds: readonly BuiltInAgentSeed[]) =>
    createAgentsModule({
      db: storage.db.db,
      config: { site: { edition: 'domestic' } as never, chat: { bannedWordsFile: undefined } },
      catalogue,
      uploads: NO_UPLOADS,
      requireUser: async () => undefined,
      userIdOf: async () => null,
      now: () => new Date(),
      log: silentLog,
      seeds,
    });
  const run = async (seeds: readonly BuiltInAgentSeed[], ...argv: string[]) => {
    const module = await build(seeds);
    const lines: string[] = [];
    await module.opsCommands!.agents!.run(argv, (line) => lines.push(line));
    return lines;
  };
  const refusal = async (seeds: readonly BuiltInAgentSeed[], ...argv: string[]) => {
    try {
      await run(seeds, ...argv);
    } catch (error) {
      assert.ok(error instanceof OpsInputError, String(error));
      return error.message;
    }
    assert.fail(`accepted: ${argv.join(' ')}`);
  };
  const row = (slug: string) => new AgentsRepository(storage.db.db).findBySlug(slug);
  const file = (content: string) => {
    const at = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'qm-agents-')), 'agent.json');
    fs.writeFileSync(at, content);
    return at;
  };

  it('every entry of the built-in catalogue passes the rules of the API', async () => {
    const module = await build([]);
    const rules = module.service.service.rulesFor(null);
    for (const entry of BUILT_IN_AGENTS) await checkSeed(entry, rules);
    assert.equal(new Set(BUILT_IN_AGENTS.map((e) => e.slug)).size, BUILT_IN_AGENTS.length, 'slugs are unique');
  });

  it('seeds at startup, updates a changed seed, never overwrites an ops edit; list, show, set, hide, unhide, reset, export', async () => {
    await build([seed(), seed({ slug: 'ops-other' })]);
    assert.equal((await row('ops-test'))!.app_name, '生活小助手');
    assert.match((await run([seed()], 'list')).join('\n'), /ops-test\s+生活小助手  life  gpt-4o-mini  使用 0 次\n共 2 个内置应用$/);

    await run([seed()], 'set', 'ops-test', '--app-name', '运营改过的名字', '--question2', '新问题', '--en-app-name', 'Edited');
    const edited = (await row('ops-test'))!;
    assert.deepEqual([edited.app_name, edited.question2, edited.en_app_name, edited.ops_edited], ['运营改过的名字', '新问题', 'Edited', 1]);

    // A newer seed: the edited row stays as ops left it, the other one follows the code.
    await build([seed({ description: '代码里的新简介' }), seed({ slug: 'ops-other', description: '代码里的新简介' })]);
    assert.deepEqual([(await row('ops-test'))!.app_name, (await row('ops-test'))!.description], ['运营改过的名字', '回答生活中的小问题']);
    assert.equal((await row('ops-other'))!.description, '代码里的新简介');

    assert.match((await run([seed()], 'show', 'ops-test')).join('\n'), /"appName": "运营改过的名字"[\s\S]*ops 已修改/);
    await run([seed()], 'hide', 'ops-test');
    assert.equal((await row('ops-test'))!.hidden, 1);
    assert.equal(await (await build([])).service.service.usable('gpt-4-gizmo-g-ops-test', 'anyone'), undefined, 'a hidden app cannot be used');
    await run([seed()], 'unhide', 'ops-test');
    assert.ok(await (await build([])).service.service.usable('gpt-4-gizmo-g-ops-test', 'anyone'));

    await run([seed({ description: '代码里的新简介' })], 'reset', 'ops-test');
    assert.deepEqual([(await row('ops-test'))!.app_name, (await row('ops-test'))!.description, (await row('ops-test'))!.ops_edited], ['生活小助手', '代码里的新简介', 0]);

    const exported = JSON.parse((await run([], 'export')).join('\n')) as BuiltInAgentSeed[];
    assert.deepEqual(exported.find((e) => e.slug === 'ops-test')!.questions[0], '怎么去除衣服上的油渍');
  });

  it('add reads a seed file with the rules of the API; set refuses bad options and values in one Chinese line', async () => {
    await build([seed()]);
    const lines = await run([], 'add', file(JSON.stringify(seed({ slug: 'ops-added', appName: '新增的应用' }))));
    assert.equal(lines[0], '已新增内置应用 ops-added（新增的应用）');
    assert.equal((await row('ops-added'))!.ops_edited, 1, 'an ops-added app is never touched by a seed');

    assert.equal(await refusal([], 'add', file(JSON.stringify(seed({ slug: 'ops-added' })))), 'slug ops-added 已存在，请用 set 修改');
    assert.match(await refusal([], 'add', file('{ nope')), /不是合法的 JSON/);
    assert.match(await refusal([], 'add', file(JSON.stringify({ ...seed({ slug: 'x1' }), extra: 1 }))), /的内容不正确/);
    assert.match(await refusal([], 'add', file(JSON.stringify(seed({ slug: 'user-c-abc' })))), /slug 只能是/);
    assert.equal(await refusal([], 'add', file(JSON.stringify(seed({ slug: 'ops-long', appName: '长'.repeat(31) })))), 'ops-long：名称不能超过30个字');
    assert.equal(await refusal([], 'add', file(JSON.stringify(seed({ slug: 'ops-bad', systemPrompt: '颠覆国家政权' })))), 'ops-bad：提示词包含违规词，请修改后再提交');
    assert.equal(await refusal([], 'add', file(JSON.stringify(seed({ slug: 'ops-model', mannulModel: 'flux' })))), 'ops-model：所选模型不能用于智能体，请选择对话模型');
    assert.match(await refusal([], 'add', '/no/such/file.json'), /^无法读取 \/no\/such\/file.json：ENOENT$/);

    assert.equal(await refusal([], 'set', 'ops-test', '--nope', 'x'), '未知选项：--nope');
    assert.equal(await refusal([], 'set', 'ops-test', '--app-name'), '--app-name 缺少值');
    assert.equal(await refusal([], 'set', 'ops-test', '--kind1', 'cooking'), '未知的分类：cooking（可选：writing coding study work translation life fun roleplay image other）');
    assert.equal(await refusal([], 'set', 'ops-test', '--question1', '问'.repeat(101)), 'ops-test：问题1不能超过100个字');
    assert.equal(await refusal([], 'set', 'no-such', '--app-name', 'x'), '没有 slug 为 no-such 的内置应用');
    assert.match(await refusal([], 'set', 'ops-test'), /^没有要修改的字段/);
    assert.match(await refusal([], 'frobnicate'), /^未知命令：frobnicate/);
    assert.equal((await row('ops-test'))!.question1, '怎么去除衣服上的油渍', 'nothing written by a refusal');
  });

  it('a seed the rules refuse is skipped at startup, never written', async () => {
    const outcome = await seedBuiltInAgents(new AgentsRepository(storage.db.db), [seed({ slug: 'ops-refused', mannulModel: 'suno' })], {
      check: async (entry) => checkSeed(entry, (await build([])).service.service.rulesFor(null)),
      now: () => new Date(),
      log: silentLog,
    });
    assert.equal(outcome.refused.length, 1);
    assert.equal(await row('ops-refused'), undefined);
  });
});
