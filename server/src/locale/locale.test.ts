import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { ModelCatalogue } from '@qiming/contracts';
import { ACCOUNT_TEST_ENV, data, envelope, register, uniquePhone } from '../testing/accounts.js';
import { createTestApp, type TestApp } from '../testing/testApp.js';
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
    t = await createTestApp({ ...ACCOUNT_TEST_ENV, SITE_EDITION: 'international' });
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
});
