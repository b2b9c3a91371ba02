import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { HongSceneList, ModelCatalogue, PromptTemplateList } from '@qiming/contracts';
import { ACCOUNT_TEST_ENV, data, envelope, register, uniquePhone } from '../testing/accounts.js';
import { decodeJwt } from 'jose';
import { createTestApp, type TestApp } from '../testing/testApp.js';
import { chatBody, listen, readSse } from '../testing/chatStream.js';
import { faultMarker } from '../modules/chat/upstream/offline/index.js';
import { hasChinese, translatorFor } from './index.js';

describe('the server-side translator', () => {
  it('keeps the domestic text and translates exact texts, price patterns and ；-joined tips on the international edition', () => {
    const zh = translatorFor('domestic');
    const en = translatorFor('international');
    assert.equal(zh.text('积分不足，请及时充值'), '积分不足，请及时充值');
    assert.equal(en.text('积分不足，请及时充值'), 'Not enough points, please top up');
    assert.equal(en.text('600积分/次'), '600 points/use');
    assert.equal(en.text('0.01积分/字'), '0.01 points/character');
    assert.equal(en.text('按次计费，未生成成功不扣积分；基础套餐及以上用户8折'), 'Charged per use, nothing when generation fails; 20% off on the Basic plan and above');
    assert.equal(en.isTranslated('一段没有译文的话'), false);
    assert.equal(en.text('一段没有译文的话'), '一段没有译文的话');
  });
});

/** The international edition end to end: the picker's catalogue and a refusal's msg. */
describe(`the international edition's server texts (${process.env.TEST_DATABASE ?? 'sqlite'})`, () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp({ ...ACCOUNT_TEST_ENV, SITE_EDITION: 'international', OFFLINE_TOKENS_PER_SECOND: '0', OFFLINE_FIRST_TOKEN_MS: '0' });
  });
  after(() => t.close());

  it('serves the catalogue without Chinese (level, a filter value, aside) and English price lines', async () => {
    const catalogue = await data<ModelCatalogue>(t.app.server, 'GET', 'backend-api/getModelOptions');
    for (const option of catalogue.options) {
      const { level: _level, ...shown } = option;
      assert.equal(hasChinese(JSON.stringify(shown)), false, `${option.value}: ${JSON.stringify(shown)}`);
    }
    const gpt4o = catalogue.options.find((o) => o.value === 'gpt-4o')!;
    assert.equal(gpt4o.modelprice, '600 points/use');
  });

  it('answers refusals in English', async () => {
    const { accessToken } = await register(t.app.server, { phone: uniquePhone() });
    const answer = await envelope(t.app.server, 'POST', 'points/quote', { token: accessToken, payload: { model: 'no-such-model' } });
    assert.deepEqual([answer.code, answer.msg], [400, 'Unknown model']);
  });

  it('writes the chat stream error chunks, wait texts and progress lines in English', async () => {
    const base = await listen(t.app.server);
    const { accessToken } = await register(t.app.server, { phone: uniquePhone() });
    const stream = (body: Parameters<typeof chatBody>[0]) => readSse(base, accessToken, { method: 'POST', path: 'backend-api/getStream', body: chatBody(body) });

    const poor = await stream({ model: 'o3-new-all', modelName: 'o3-new-all' });
    const refusal = poor.chunks.at(-1)!;
    assert.deepEqual([refusal.code, refusal.error], [602, 'Not enough points, please top up']);

    const failed = await stream({ request: `explain quantum computing ${faultMarker('error-before-output')}` });
    assert.equal(failed.chunks[0]!.type, 'ping');
    assert.equal(failed.chunks[0]!.choices![0]!.delta!.content, 'Connecting to the model, please wait…');
    const last = failed.chunks.at(-1)!;
    assert.equal(last.code, 1908);
    assert.equal(last.error, 'Simulated upstream error of the offline demo model (before output)');

    const userId = decodeJwt(accessToken).sub!;
    await t.app.points.credit(userId, 'permanent', 10_000, { kind: 'redeem', reference: 'test', key: `test-credit:${userId}` });
    const searched = await stream({ model: 'perplexity-sonar', modelName: 'perplexity-sonar', request: 'tech news today' });
    const progress = searched.chunks.map((c) => c.choices?.[0]?.delta?.content ?? '').find((text) => /^Searching: /.test(text));
    assert.ok(progress?.endsWith('\n'), `a progress line in English: ${JSON.stringify(searched.chunks.slice(0, 4))}`);
    for (const chunk of [...poor.chunks, ...failed.chunks]) assert.equal(hasChinese(String(chunk.error ?? '')), false);
  });

  it('names the points history kinds and a quote refusal in English', async () => {
    const { accessToken } = await register(t.app.server, { phone: uniquePhone() });
    const userId = decodeJwt(accessToken).sub!;
    await t.app.points.credit(userId, 'permanent', 5, { kind: 'redeem', reference: 'test', key: `test-kinds:${userId}` });
    const history = await data<{ list: Array<{ kind: string; kindText: string }> }>(t.app.server, 'POST', 'system/user/integralHistoryPage', { token: accessToken, payload: { pageNo: 1, pageSize: 20 } });
    assert.ok(history.list.length > 0);
    for (const entry of history.list) assert.equal(hasChinese(entry.kindText), false, `${entry.kind}: ${entry.kindText}`);
    assert.equal(history.list.find((entry) => entry.kind === 'redeem')!.kindText, 'Redeemed code');
    const quote = await data<{ allowed: boolean; reason: string | null }>(t.app.server, 'POST', 'points/quote', { token: accessToken, payload: { model: 'claude-opus-4' } });
    assert.deepEqual([quote.allowed, quote.reason], [false, '[Plan 2 and above, or subscribers]']);
  });

  it('serves prompt templates (cards and bodies) and 哄哄模拟器 scenes in English', async () => {
    const prompts = await data<PromptTemplateList>(t.app.server, 'GET', 'backend-api/getPromptTemplates');
    for (const category of prompts.categories) {
      assert.equal(hasChinese(category.name), false, category.name);
      for (const template of category.templates) assert.equal(hasChinese(template.title + template.subTitle + template.promt), false, `${template.id}: ${template.title} ${template.subTitle}`);
    }
    const hong = await data<HongSceneList>(t.app.server, 'GET', 'backend-api/getHongScenes');
    assert.ok(hong.scenes.length > 0);
    for (const scene of hong.scenes) {
      const { code, title, scene: text, partnerName, partnerRole, opening } = scene;
      assert.equal(hasChinese([title, text, partnerName, partnerRole, opening].join(' ')), false, code);
    }
  });
});
