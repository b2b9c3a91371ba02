import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { HIGH_LEVEL_LABEL, UID_CATEGORIES } from './entry.js';
import { localIconName, MODEL_ICONS } from './icons.js';
import { MODELS } from './models.js';
import { priceTextOf } from './priceText.js';
import { EntrySchema } from './schema.js';
import { buildSnapshot, modelCatalogueOf, OFFLINE_ONLY } from './snapshot.js';

const catalogue = modelCatalogueOf(buildSnapshot(MODELS, [], 0), OFFLINE_ONLY);
const option = (id: string) => catalogue.options.find((o) => o.value === id) ?? assert.fail(`no option ${id}`);

describe('built-in catalogue data (spec chat §2, §3, §9)', () => {
  it('every entry passes the schema, and ids are unique', () => {
    for (const entry of MODELS) {
      const result = EntrySchema.safeParse(entry);
      assert.ok(result.success, `${entry.id}: ${result.error?.message}`);
    }
    assert.equal(new Set(MODELS.map((m) => m.id)).size, MODELS.length);
    assert.deepEqual(buildSnapshot(MODELS, [], 0).rejected, []);
  });

  it('serves every entry as a model option, in display order, with the three id lists', () => {
    assert.deepEqual(catalogue.optionsOrigion, MODELS.map((m) => m.id));
    assert.deepEqual(catalogue.options.map((o) => o.modelType).filter((g, i, all) => all.indexOf(g) === i), ['gpt', 'claude', 'deepseek', 'deepseek-r1t-chimera', 'perplexity', 'gemini', 'musk', 'doubao', 'glm', 'other']);
    for (const o of catalogue.options) assert.ok(!('note' in o) && !('priceNote' in o) && !('price' in o), `${o.value} serves no internal fields`);
  });

  it('no copy text states a point amount (the price line comes from the rule, so an ops price change never leaves stale copy)', () => {
    for (const model of MODELS) {
      const copy = [model.label, model.labelText, model.tooltip, model.tooltip2, model.shortIntro, model.shortIntro2, model.funLabel, ...model.exampleQuestionList.map((q) => q.quetion)];
      for (const text of copy) assert.doesNotMatch(text, /\d\s*积分/, `${model.id}: ${text}`);
    }
  });

  it('has textOptions of exactly 23 ids, including those the spec names', () => {
    assert.equal(catalogue.textOptions.length, 23);
    for (const id of ['gpt-4o', 'gpt-4o-mini', 'o1-mini', 'deepseek-chat', 'glm-4', 'ai3', 'ai4', 'webai3', 'webai4']) assert.ok(catalogue.textOptions.includes(id), id);
    for (const id of catalogue.textOptions) assert.ok(catalogue.optionsOrigion.includes(id), id);
  });

  it('lists upload models: gpt-4o, Gemini, Claude, the o-series with vision, glm-4v, pdf-to-text, luma, kontext-pro', () => {
    const upload = new Set(catalogue.canUploadFileModels);
    for (const id of upload) assert.ok(catalogue.optionsOrigion.includes(id), id);
    for (const id of ['gpt-4o', 'glm-4v', 'gemini-pro-vision', 'mj-chat', 'pdf-to-text', 'luma-vip-video', 'kontext-pro', 'o1', 'o3', 'o4-mini']) assert.ok(upload.has(id), id);
    for (const o of catalogue.options) {
      if (o.modelType === 'claude' || o.modelType === 'gemini') assert.ok(o.canUpload, `${o.value} reads files`);
      // o1-mini and o3-mini have no vision: text only.
      if (/^o\d/.test(o.value)) assert.equal(o.canUpload, !/^o[13]-mini/.test(o.value), o.value);
    }
    assert.ok(upload.size >= 40, `${upload.size} upload models`);
    // Generators that take no input file are not upload models.
    for (const id of ['flux', 'stable-diffusion', 'suno', 'dall-e-3', 'gpts', 'url-analysis']) assert.ok(!upload.has(id), id);
  });

  it('writes modelprice from the price rule, never by hand', () => {
    for (const entry of MODELS) assert.equal(option(entry.id).modelprice, priceTextOf(entry.price), entry.id);
    assert.equal(option('gpt-4o').modelprice, '600积分/次');
    assert.equal(option('gpt-4.1').modelprice, '700000积分/百万tokens');
    assert.equal(option('gemini-exp-1121').modelprice, '0.5积分/字');
    assert.equal(option('gpt-4.1-free').modelprice, '免费');
    assert.match(option('gpt-4o').modelpriceTip, /基础套餐及以上用户8折/);
    assert.match(option('gpt-4.1').modelpriceTip, /tokens/);
    assert.match(option('gemini-exp-1121').modelpriceTip, /按提问与回答的总字数计费$/);
    assert.match(option('gpt-4.1-free').modelpriceTip, /免费/);
  });

  it('flags reasoning, web and high-level models', () => {
    const think = ['o1', 'o1-pro-all', 'o3', 'o3-mini-all', 'o4-mini', 'o4-mini-high-all', 'deepseek-reasoner', 'deepseek-reasoner-fast', 'claude-3-7-sonnet-thinking-all', 'claude-3-7-sonnet-thinking-high', 'grok-3-reasoner', 'sonar-reasoning', 'doubao-1.5-thinking-pro'];
    for (const id of think) assert.equal(option(id).think, true, id);
    const web = ['gpt-4o-search', 'perplexity-sonar', 'sonar-pro', 'sonar-reasoning', 'sonar-deep-research', 'webai3', 'webai4', 'web-search', 'grok-3-deepsearch-re', 'grok-3-deepersearch-r', 'o4-mini-deepresearch'];
    for (const id of web) assert.equal(option(id).web, true, id);
    for (const id of ['gpt-4o', 'gpt-4o-mini', 'deepseek-chat', 'claude-sonnet-4']) assert.deepEqual([option(id).think, option(id).web], [false, false], id);
    for (const o of catalogue.options) if (o.isHighLevelModel) assert.equal(o.tooltip2, HIGH_LEVEL_LABEL, o.value);
    assert.equal(option('deepseek-chat-fast').isHighLevelModel, true, '套餐用户通道');
    assert.equal(option('gpt-4o').isHighLevelModel, false);
  });

  it('has real copy: taglines, intros, fun labels, 2–4 example questions, stars 2–10, a known uid and icon', () => {
    const uids = Object.keys(UID_CATEGORIES).map(Number);
    for (const o of catalogue.options) {
      assert.ok(o.labelText.length >= 4 && o.shortIntro.length >= 20 && o.tooltip.length >= 4, o.value);
      assert.ok(o.exampleQuestionList.length >= 2 && o.exampleQuestionList.length <= 4, o.value);
      assert.ok(o.exampleQuestionList.every((q) => q.quetion.length >= 5), o.value);
      assert.ok(o.funLabelList.length >= 1 && o.funLabelList.includes(o.funLabel), o.value);
      assert.ok(o.stars >= 2 && o.stars <= 10, o.value);
      assert.ok(uids.includes(o.uid) && o.uid !== 10, `${o.value} uid ${o.uid}`);
      assert.ok(MODEL_ICONS.has(localIconName(o.icon) ?? ''), `${o.value} icon ${o.icon}`);
      assert.ok(o.type === '启明' || o.type === '官方', o.value);
      // Entries that are pages rather than chat models lead to their page.
      const pagePaths: Record<string, string> = {
        gpts: '/toolBox/apps',
        'voice-clone': '/soundClone',
        'ai-ppt': '/pptPage',
        'paper-aigc-check': '/paperPage',
        'paper-aigc-check-v2': '/paperPage',
        ...Object.fromEntries(['veo3-pro', 'sora-2', 'luma-vip-video', 'domo-video'].map((id) => [id, `/videoPage?model=${id}`])),
      };
      assert.equal(o.path, pagePaths[o.value] ?? `/chatPage?model=${encodeURIComponent(o.value)}`);
    }
    assert.deepEqual([option('gemini-exp-1121').stars, option('gemini-exp-1121').uid], [5, 9], 'spec: five stars, uid 9');
    assert.equal(option('deepseek-r1t-chimera').modelType, 'deepseek-r1t-chimera');
    assert.equal(option('gpt-4.1').type, '官方', 'per-token prices are official APIs');
    assert.equal(option('gpt-4o-all').type, '启明');
    assert.ok(catalogue.options.filter((o) => o.isNewModel).length >= 4);
    for (const group of ['doubao', 'musk', 'perplexity', 'glm']) assert.ok(catalogue.options.filter((o) => o.modelType === group).length >= 3, group);
  });

  it('marks every model offline-demo exactly when it has no real channel, and versions the flags', () => {
    assert.ok(catalogue.options.every((o) => o.offlineDemo));
    const real = modelCatalogueOf(buildSnapshot(MODELS, [], 0), { hasRealChannel: (id) => id === 'gpt-4o', webSearchAvailable: (id) => id !== 'gpt-4o' });
    assert.deepEqual(real.options.filter((o) => !o.offlineDemo).map((o) => o.value), ['gpt-4o']);
    assert.deepEqual(real.options.filter((o) => !o.webSearchAvailable).map((o) => o.value), ['gpt-4o']);
    assert.notEqual(real.version, catalogue.version);
    assert.equal(modelCatalogueOf(buildSnapshot(MODELS, [], 0), OFFLINE_ONLY).version, catalogue.version, 'the same content, the same version');
  });
});
