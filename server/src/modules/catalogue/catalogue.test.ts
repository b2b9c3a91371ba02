import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { openDatabase, type Db } from '../../db/database.js';
import { createTestStorage, type TestStorage } from '../../testing/testDatabase.js';
import { Catalogue, createCatalogue, type Scheduler } from './catalogue.js';
import { OpsInputError } from '../module.js';
import { CatalogueEditor } from './editor.js';
import { MODELS } from './models.js';
import { builtInPrices } from './builtInPrices.js';
import { maxCostOf } from './pricing.js';
import { CatalogueRepository } from './repository.js';
import { OFFLINE_ONLY } from './snapshot.js';
import { silentLog } from '../../log.js';
import { recordingLog } from '../../testing/log.js';

const clock = () => new Date('2030-06-01T00:00:00Z');

/** A scheduler that runs nothing by itself: the test fires the task. */
function manualScheduler() {
  const runs: Array<{ task: () => void; intervalMs: number; stopped: boolean }> = [];
  const scheduler: Scheduler = (task, intervalMs) => {
    const run = { task, intervalMs, stopped: false };
    runs.push(run);
    return {
      stop: () => {
        run.stopped = true;
      },
    };
  };
  return { scheduler, runs };
}

const refused = (pattern: RegExp) => (error: unknown) => {
  assert.ok(error instanceof OpsInputError, String(error));
  assert.match(error.message, pattern);
  return true;
};

const NEW_MODEL = {
  label: 'Kimi K2',
  labelText: '月之暗面的长文本模型',
  tooltip: '擅长长文阅读',
  modelType: 'other',
  level: '高级',
  stars: 7,
  shortIntro: '月之暗面的 Kimi K2，能一次读完很长的文档并回答问题。',
  price: { kind: 'perRequest', points: 120 },
  canUpload: true,
  funLabelList: ['长文本'],
  exampleQuestionList: [{ quetion: '总结这份文档。' }, { quetion: '这本书讲了什么？' }],
};

describe(`catalogue overrides and reload (${process.env.TEST_DATABASE ?? 'sqlite'})`, () => {
  let storage: TestStorage;
  let db: Db;
  let editor: CatalogueEditor;
  let repo: CatalogueRepository;
  let catalogue: Catalogue;
  const poll = manualScheduler();

  before(async () => {
    storage = await createTestStorage();
    db = await openDatabase(storage);
    repo = new CatalogueRepository(db.db);
    editor = new CatalogueEditor(repo, clock);
    catalogue = await createCatalogue(db.db, { reloadSeconds: 7, scheduler: poll.scheduler, log: silentLog });
  });
  after(async () => {
    await catalogue.close();
    await db.close();
    await storage.cleanup();
  });

  it('starts from the built-in data, checks the stamp every reloadSeconds, and prices from the live snapshot', async () => {
    assert.equal(catalogue.snapshot().revision, 0);
    assert.equal(catalogue.snapshot().entries.length, MODELS.length);
    assert.equal(poll.runs.length, 1);
    assert.equal(poll.runs[0]!.intervalMs, 7000);
    assert.equal(await catalogue.refresh(), false, 'nothing changed');

    await editor.set('gpt-4o', 'price', { kind: 'perRequest', points: 700 });
    assert.deepEqual(catalogue.priced('gpt-4o')?.price, { kind: 'perRequest', points: 600 }, 'not before the next check');
    poll.runs[0]!.task();
    assert.equal(await catalogue.refresh(), true, 'the scheduled check found the new revision');
    assert.deepEqual(catalogue.priced('gpt-4o')?.price, { kind: 'perRequest', points: 700 });
    assert.equal(maxCostOf(catalogue.priced('gpt-4o')!, { multiplierPercent: 80, webSearch: false, promptChars: 0 }, { maxOutputTokens: 4000, maxOutputChars: 4000 }), 560);
    const served = catalogue.modelCatalogue(OFFLINE_ONLY).options.find((o) => o.value === 'gpt-4o')!;
    assert.equal(served.modelprice, '700积分/次');
    assert.equal(await catalogue.refresh(), false);
  });

  it('applies field changes to the served options and changes the version', async () => {
    const before = catalogue.modelCatalogue(OFFLINE_ONLY);
    const change = await editor.set('claude-sonnet-4', 'stars', 10);
    assert.deepEqual(change.changed, ['stars']);
    assert.deepEqual([change.before?.stars, change.after?.stars], [9, 10]);
    await editor.set('claude-sonnet-4', 'labelText', '新的标语');
    await editor.set('gpt-4o-mini', 'canUpload', true);
    await editor.set('gpt-4o-mini', 'icon', 'image');
    await catalogue.refresh();
    const after = catalogue.modelCatalogue(OFFLINE_ONLY);
    const sonnet = after.options.find((o) => o.value === 'claude-sonnet-4')!;
    assert.deepEqual([sonnet.stars, sonnet.labelText], [10, '新的标语']);
    assert.ok(after.canUploadFileModels.includes('gpt-4o-mini') && !before.canUploadFileModels.includes('gpt-4o-mini'));
    assert.match(after.options.find((o) => o.value === 'gpt-4o-mini')!.icon, /^\/app-api\/public\/model-icons\/image\.svg\?v=/, 'a built-in icon by name');
    assert.notEqual(after.version, before.version);
    assert.deepEqual(catalogue.snapshot().overridden.get('claude-sonnet-4'), ['labelText', 'stars']);
  });

  it('keeps only the fields that differ from the built-in entry', async () => {
    await editor.set('gpt-4o-mini', 'canUpload', false);
    await editor.set('gpt-4o-mini', 'icon', 'gpt');
    const rows = await db.db.selectFrom('catalogue_overrides').select('model_id').execute();
    assert.ok(!rows.some((row) => row.model_id === 'gpt-4o-mini'), 'set back to built-in: the override is gone');
    await assert.rejects(editor.set('gpt-4o-mini', 'stars', MODELS.find((m) => m.id === 'gpt-4o-mini')!.stars), refused(/没有变化/));
  });

  it('adds a model (defaults filled in), prices it, and deletes it on reset', async () => {
    assert.equal(catalogue.priced('kimi-k2'), undefined);
    const added = await editor.add('kimi-k2', NEW_MODEL);
    assert.equal(added.after?.minilabel, 'Kimi K2');
    assert.equal(added.after?.path, '/chatPage?model=kimi-k2');
    assert.equal(added.after?.uid, 13);
    await catalogue.refresh();
    const served = catalogue.modelCatalogue(OFFLINE_ONLY);
    assert.equal(served.optionsOrigion.at(-1), 'kimi-k2', 'added entries follow the built-in ones');
    assert.ok(served.canUploadFileModels.includes('kimi-k2'));
    assert.deepEqual(catalogue.priced('kimi-k2'), { id: 'kimi-k2', price: { kind: 'perRequest', points: 120 }, isHighLevelModel: false });
    await editor.set('kimi-k2', 'stars', 8);
    await catalogue.refresh();
    assert.equal(catalogue.find('kimi-k2')?.stars, 8);

    const reset = await editor.reset('kimi-k2');
    assert.equal(reset.after, undefined);
    await catalogue.refresh();
    assert.equal(catalogue.priced('kimi-k2'), undefined);
    assert.ok(!catalogue.modelCatalogue(OFFLINE_ONLY).optionsOrigion.includes('kimi-k2'));
  });

  it('resets a built-in entry to its built-in data', async () => {
    const reset = await editor.reset('claude-sonnet-4');
    assert.deepEqual(reset.changed, ['labelText', 'stars']);
    await catalogue.refresh();
    assert.equal(catalogue.find('claude-sonnet-4')?.stars, 9);
    await assert.rejects(editor.reset('claude-sonnet-4'), refused(/没有被修改过/));
    await assert.rejects(editor.reset('no-such-model'), refused(/未知的模型 no-such-model/));
  });

  it('refuses bad changes with a Chinese reason and stores nothing', async () => {
    const revision = await repo.revision();
    await assert.rejects(editor.set('gpt-4o', 'stars', 11), refused(/修改被拒绝，模型 gpt-4o 将不合法：stars: /));
    await assert.rejects(editor.set('gpt-4o', 'stars', '9'), refused(/stars/));
    await assert.rejects(editor.set('gpt-4o', 'uid', 7), refused(/uid: 必须是 0、1、2/));
    await assert.rejects(editor.set('gpt-4o', 'modelType', 'openai'), refused(/modelType/));
    await assert.rejects(editor.set('gpt-4o', 'price', { kind: 'perRequest', points: -1 }), refused(/price\.points/));
    await assert.rejects(editor.set('gpt-4o', 'price', { kind: 'perToken', points: 1 }), refused(/kind 必须是 perRequest/));
    await assert.rejects(editor.set('gpt-4o', 'price', { kind: 'perRequest', points: 0.00001 }), refused(/最多 4 位小数/));
    await assert.rejects(editor.set('gpt-4o', 'price', { kind: 'perRequest', points: 1, extra: 2 }), refused(/price/));
    await assert.rejects(editor.set('gpt-4o', 'icon', '/app-api/public/model-icons/nope.svg'), refused(/内置图标/));
    await assert.rejects(editor.set('gpt-4o', 'icon', 'http://example.com/a.png'), refused(/https/));
    await assert.rejects(editor.set('gpt-4o', 'label', ''), refused(/label/));
    await assert.rejects(editor.set('gpt-4o', 'modelprice', '1积分/次'), refused(/请用 price 命令/));
    await assert.rejects(editor.set('gpt-4o', 'offlineDemo', true), refused(/渠道配置/));
    await assert.rejects(editor.set('gpt-4o', 'colour', 'red'), refused(/未知字段 colour/));
    await assert.rejects(editor.set('gpt-4o', 'toString', 'x'), refused(/未知字段 toString/));
    await assert.rejects(editor.set('gpt-5', 'stars', 5), refused(/未知的模型 gpt-5（新增模型请用 add）/));
    await assert.rejects(editor.add('gpt-4o', NEW_MODEL), refused(/已存在/));
    await assert.rejects(editor.add('bad id', NEW_MODEL), refused(/模型 id 无效/));
    await assert.rejects(editor.add('x-1', { ...NEW_MODEL, label: undefined, price: undefined }), refused(/缺少必填字段：label、price/));
    await assert.rejects(editor.add('x-1', { ...NEW_MODEL, modelprice: '1' }), refused(/未知字段 modelprice/));
    await assert.rejects(editor.add('x-1', [1]), refused(/JSON 对象/));
    await assert.rejects(editor.add('x-1', { ...NEW_MODEL, stars: 1 }), refused(/stars/));
    assert.equal(await repo.revision(), revision, 'every refused change rolled back');
  });

  it('ignores an override that is not valid (written by hand), keeps serving, and reports it', async () => {
    const log = recordingLog();
    const other = await createCatalogue(db.db, { scheduler: manualScheduler().scheduler, log });
    try {
      await repo.change(clock().toISOString(), async (trx) => {
        await repo.write(trx, 'gpt-4o-mini', { stars: 99 }, 'now');
        await repo.write(trx, 'orphan-model', { label: 'x' }, 'now');
      });
      await db.db.updateTable('catalogue_overrides').set({ fields: 'not json' }).where('model_id', '=', 'orphan-model').execute();
      assert.equal(await other.refresh(), true);
      const snapshot = other.snapshot();
      assert.equal(snapshot.byId.get('gpt-4o-mini')?.stars, MODELS.find((m) => m.id === 'gpt-4o-mini')!.stars, 'the built-in entry stays');
      assert.equal(snapshot.byId.has('orphan-model'), false);
      assert.deepEqual(snapshot.rejected.map((r) => r.modelId).sort(), ['gpt-4o-mini', 'orphan-model']);
      assert.match(snapshot.rejected.find((r) => r.modelId === 'gpt-4o-mini')!.reason, /stars/);
      assert.equal(log.messages('warn').length, 2);
      assert.deepEqual(other.priced('gpt-4o')?.price, { kind: 'perRequest', points: 700 }, 'the good override still applies');
      // ops can still repair it: a set on top of the bad row rewrites it from the built-in entry.
      await editor.set('gpt-4o-mini', 'stars', 7);
      await editor.reset('orphan-model');
      await other.refresh();
      assert.equal(other.snapshot().rejected.length, 0);
      assert.equal(other.find('gpt-4o-mini')?.stars, 7);
    } finally {
      await other.close();
    }
  });

  it('follows changes made through another connection (another server instance)', async () => {
    const second = await openDatabase(storage);
    const instance = await createCatalogue(second.db, { scheduler: manualScheduler().scheduler, log: silentLog });
    try {
      await editor.set('grok-4', 'isNewModel', false);
      assert.equal(instance.find('grok-4')?.isNewModel, true);
      assert.equal(await instance.refresh(), true);
      assert.equal(instance.find('grok-4')?.isNewModel, false);
      await instance.close();
      await second.close();
      // A failed check (the database gone) keeps the snapshot in use.
      const kept = instance.snapshot();
      await assert.rejects(instance.refresh());
      assert.equal(instance.snapshot(), kept);
    } finally {
      await instance.close();
    }
  });

  it('stops checking when closed; a new catalogue prices with the overrides at once, the built-in prices never do', async () => {
    const poller = poll.runs[0]!;
    await catalogue.close();
    assert.equal(poller.stopped, true);
    assert.deepEqual(builtInPrices.priced('gpt-4o')?.price, { kind: 'perRequest', points: 600 });
    catalogue = await createCatalogue(db.db, { scheduler: manualScheduler().scheduler, log: silentLog });
    assert.deepEqual(catalogue.priced('gpt-4o')?.price, { kind: 'perRequest', points: 700 }, 'a new catalogue loads the overrides at once');
  });
});
