import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { suiteDatabase } from '../../testing/testDatabase.js';
import { OpsInputError, type ServerModule } from '../module.js';
import type { Extensions } from './index.js';
import { STDIO_SERVER, testExtensions } from './testing/extensions.js';

/** `pnpm ops mcp …` through the module's command, on both databases. */
describe(`pnpm ops mcp (${process.env.TEST_DATABASE ?? 'sqlite'})`, () => {
  const storage = suiteDatabase();
  let module: ServerModule<Extensions>;
  const env = { STDIO_GREETING: 'hi' } as NodeJS.ProcessEnv;
  const run = async (...argv: string[]) => {
    const lines: string[] = [];
    await module.opsCommands!.mcp!.run(argv, (line) => lines.push(line));
    return lines.join('\n');
  };
  const refusal = async (...argv: string[]): Promise<OpsInputError> => {
    try {
      await run(...argv);
    } catch (error) {
      assert.ok(error instanceof OpsInputError, String(error));
      return error;
    }
    assert.fail(`accepted: ${argv.join(' ')}`);
  };
  const row = (name: string) => module.service.repo.byName(name);

  before(async () => {
    module = await testExtensions(storage.db, { env });
  });
  after(async () => {
    await module?.close?.();
  });

  it('seeds the built-ins once, enabled, and lists them', async () => {
    await testExtensions(storage.db, { env }).then((again) => again.close?.());
    const listed = await run('list');
    assert.match(listed, /^name\s+名称/);
    assert.match(listed, /calculator\s+计算器\s+builtin\s+启用\s+0 积分\/次\s+超时 10 秒/);
    assert.match(listed, /共 5 个扩展，启用 5 个$/);
  });

  it('adds an outside server with secrets by variable name, shows it without values, sets, disables, enables, tests and removes it', async () => {
    const added = await run('add', 'local-echo', '--show-name', '本地回声', '--desc', '测试用', '--kind', '效率', '--transport', 'stdio', '--command', process.execPath, '--args', STDIO_SERVER, '--env', 'GREETING=STDIO_GREETING', '--timeout', '2.5', '--price', '3');
    assert.match(added, /^已新增扩展 local-echo（本地回声），已启用/);
    const stored = (await row('local-echo'))!;
    assert.deepEqual([stored.transport, stored.command, JSON.parse(stored.args), JSON.parse(stored.env), stored.timeout_seconds, stored.price_per_call, stored.kind], ['stdio', process.execPath, [STDIO_SERVER], { GREETING: 'STDIO_GREETING' }, 2.5, 3, '效率']);
    assert.ok(stored.sort > 50, 'after the built-ins');

    const shown = await run('show', 'local-echo');
    assert.match(shown, /GREETING ← \$STDIO_GREETING（已设置）/);
    assert.doesNotMatch(shown, /\bhi\b/, 'never the value');

    const tested = await run('test', 'local-echo');
    assert.match(tested, /^正在连接 local-echo（stdio .+）…\n已连接，用时 \d+ 毫秒，共 4 个工具：\n  echo — Echoes the text back/);

    await run('set', 'local-echo', '--price', '0', '--show-name', '回声');
    assert.deepEqual([(await row('local-echo'))!.price_per_call, (await row('local-echo'))!.show_name, (await row('local-echo'))!.timeout_seconds], [0, '回声', 2.5]);

    assert.match(await run('disable', 'local-echo'), /^已停用 local-echo（回声）/);
    assert.equal((await row('local-echo'))!.enabled, 0);
    assert.deepEqual(await module.service.tools.priced(['local-echo']), [], 'disabled: not usable');
    assert.ok(!(await module.service.service.mcpInfo()).some((info) => info.mcpName === 'local-echo'));
    await run('enable', 'local-echo');
    assert.ok((await module.service.service.mcpInfo()).some((info) => info.mcpName === 'local-echo'));

    assert.match(await run('remove', 'local-echo'), /^已删除扩展 local-echo（回声）/);
    assert.equal(await row('local-echo'), undefined);
  });

  it('adds http and sse servers with headers by variable name; a server that cannot be reached fails test with exit 1', async () => {
    await run('add', 'weather', '--show-name', '天气', '--transport', 'http', '--url', 'http://127.0.0.1:9/mcp', '--header', 'Authorization=WEATHER_TOKEN', '--header', 'X-Team=WEATHER_TEAM');
    assert.deepEqual(JSON.parse((await row('weather'))!.headers), { Authorization: 'WEATHER_TOKEN', 'X-Team': 'WEATHER_TEAM' });
    assert.match(await run('show', 'weather'), /Authorization ← \$WEATHER_TOKEN（未设置）/);
    const failed = await refusal('test', 'weather');
    assert.equal(failed.kind, 'failed');
    assert.match(failed.message, /^无法连接 weather（用时 \d+ 毫秒）：环境变量 WEATHER_TOKEN 未设置$/);

    await run('add', 'legacy', '--show-name', '旧版', '--transport', 'sse', '--url', 'http://127.0.0.1:9/sse');
    const down = await refusal('test', 'legacy');
    assert.equal(down.kind, 'failed');
    assert.match(down.message, /^无法连接 legacy/);
  });

  it('a built-in can be tested, disabled and edited in its display fields, never removed or re-pointed', async () => {
    assert.match(await run('test', 'datetime'), /已连接，用时 \d+ 毫秒，共 5 个工具：\n  now — /);
    assert.equal((await refusal('remove', 'calculator')).message, 'calculator 是内置扩展，不能删除；不需要时请用 pnpm ops mcp disable calculator 停用');
    assert.match((await refusal('set', 'calculator', '--url', 'http://x')).message, /^内置扩展不能修改 --url/);
    await run('set', 'calculator', '--price', '1');
    const edited = (await row('calculator'))!;
    assert.deepEqual([edited.price_per_call, edited.ops_edited], [1, 1]);
    await testExtensions(storage.db, { env }).then((again) => again.close?.());
    assert.equal((await row('calculator'))!.price_per_call, 1, 'the seed no longer overwrites an ops edit');
    await run('disable', 'url-reader');
    await testExtensions(storage.db, { env }).then((again) => again.close?.());
    assert.equal((await row('url-reader'))!.enabled, 0, 'a restart keeps a disabled built-in disabled');
  });

  it('refuses bad input in one Chinese line', async () => {
    const cases: Array<[string[], string | RegExp]> = [
      [['add', 'bad name', '--show-name', 'x', '--transport', 'http', '--url', 'http://a'], '扩展名称只能是字母、数字、_ . -，最多 64 个字符：bad name'],
      [['add', 'calculator', '--show-name', 'x'], '扩展 calculator 已存在，请用 set 修改'],
      [['add', 'n1', '--transport', 'http', '--url', 'http://a'], '缺少参数：--show-name（对话框中显示的名称）'],
      [['add', 'n1', '--show-name', 'x'], '缺少参数：--transport http|sse|stdio'],
      [['add', 'n1', '--show-name', 'x', '--transport', 'ws'], '--transport 只能是 http、sse 或 stdio：ws'],
      [['add', 'n1', '--show-name', 'x', '--transport', 'http'], 'http 扩展需要 --url'],
      [['add', 'n1', '--show-name', 'x', '--transport', 'http', '--url', 'ftp://a'], '--url 必须是 http:// 或 https:// 开头：ftp://a'],
      [['add', 'n1', '--show-name', 'x', '--transport', 'stdio'], 'stdio 扩展需要 --command（服务器上已安装的命令）'],
      [['add', 'n1', '--show-name', 'x', '--transport', 'http', '--url', 'http://a', '--header', 'Authorization=Bearer abc'], /^--header Authorization 的值必须是服务器上的环境变量名/],
      [['add', 'n1', '--show-name', 'x', '--transport', 'http', '--url', 'http://a', '--header', 'novalue'], /^--header 的格式是 名称=环境变量名/],
      [['add', 'n1', '--show-name', 'x', '--transport', 'http', '--url', 'http://a', '--timeout', '0'], '--timeout 必须是 0.1 到 600 之间的数：0'],
      [['add', 'n1', '--show-name', 'x', '--transport', 'http', '--url', 'http://a', '--price', '1.5'], '--price 必须是 0 到 1000000 之间的整数：1.5'],
      [['add', 'n1', '--show-name', 'x', '--transport', 'http', '--url', 'http://a', '--price', '-1'], '--price 的值不能以 - 开头（负数不可用）'],
      [['add', 'n1', '--show-name', 'x', '--transport', 'http', '--url', 'http://a', '--icon', 'javascript:alert(1)'], /^--icon 必须是图片网址/],
      [['add', 'n1', '--show-name', '名'.repeat(31), '--transport', 'http', '--url', 'http://a'], '名称不能超过 30 个字'],
      [['add', 'n1', '--nope', 'x'], '未知选项：--nope'],
      [['add', 'n1', '--show-name'], '--show-name 缺少值'],
      [['show', 'missing'], '没有名为 missing 的扩展'],
      [['set', 'calculator'], /^没有要修改的设置/],
      [['frobnicate'], /^未知命令：frobnicate/],
    ];
    for (const [argv, expected] of cases) {
      const error = await refusal(...argv);
      assert.equal(error.kind, 'input', argv.join(' '));
      if (typeof expected === 'string') assert.equal(error.message, expected, argv.join(' '));
      else assert.match(error.message, expected, argv.join(' '));
    }
    assert.equal(await row('n1'), undefined, 'nothing written by a refusal');
  });
});
