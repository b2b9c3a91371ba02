import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { HIGH_LEVEL_LABEL, MODELS } from './models.js';
import { builtInPrices } from './builtInPrices.js';
import { costOf, entitlementsOf, maxCostOf, priceTextOf, restrictionOf, type PlanFields } from './pricing.js';

const limits = { maxOutputTokens: 4000, maxOutputChars: 4000 };
const free: PlanFields = { user_level: 0, user_sign_expire_time: null, user_package2: 0, user_package_expire_time2: null };
const now = new Date('2030-06-01T00:00:00Z');
const future = '2030-07-01T00:00:00.000Z';
const past = '2030-05-01T00:00:00.000Z';
const model = (id: string) => builtInPrices.priced(id) ?? assert.fail(`no model ${id}`);

/** Models the spec names outside §9 (id lists, roles, validation, export names, tabs): priced here. */
const ADDED_WITHOUT_SPEC_PRICE = [
  'ai4', 'glm-4', 'glm-4v', 'gemini-pro-vision', 'gemini-1.5-pro', 'gemini-2.0-flash', 'claude-3-5-sonnet', 'claude-3-opus',
  'deepseek-chat-fast', 'deepseek-reasoner-fast', 'deepseek-r1t-chimera', 'doubao-1.5-pro-32k', 'doubao-1.5-thinking-pro',
  'doubao-1.5-vision-pro', 'qwen-plus', 'yi-large', 'sora-2',
  // spec platform §7 tts/clone: one price per voice clone (voices module).
  'voice-clone',
  // spec platform §7 ppt/*: one price per generated deck (slides module).
  'ai-ppt',
  // spec platform §7 aigc/check, aigc/checkV2: one price per paper check (paperCheck module).
  'paper-aigc-check', 'paper-aigc-check-v2',
];

describe('catalogue prices (spec chat §9)', () => {
  it('has one entry per model id, every id of §9', () => {
    const ids = MODELS.map((m) => m.id);
    assert.equal(new Set(ids).size, ids.length, 'ids are unique');
    const perRequest: Record<string, number> = {
      'gpt-4o-mini': 40, auto: 40, 'gpt-4o': 600, 'gpt-4o-all': 750, 'gpt-4o-search': 800, 'gpt-4o-image': 800,
      o1: 6000, 'o1-all': 6000, 'o1-preview': 6000, 'o1-pro-all': 10000, 'o1-mini': 2000, 'o3-mini-all': 3500,
      'o3-mini-high-all': 9000, 'o3-new-all': 16000, 'o3-pro-all': 20000, 'o4-mini-high-all': 1500,
      'o4-mini-deepresearch': 20000, 'kontext-pro': 1500, 'veo3-pro': 65000, 'gemini-2.5-pro': 2300,
      'gemini-2.5-flash-lite': 100, 'grok-4': 1000, 'grok-3-re': 500, 'grok-3': 500, 'grok-3-reasoner': 1800,
      'grok-3-deepsearch-re': 1800, 'grok-3-deepersearch-r': 2000, 'claude-3-7-sonnet-thinking-all': 4000,
      'claude-3-7-sonnet-thinking-high': 30000, 'mj-chat': 5000, flux: 20, 'stable-diffusion': 30, suno: 5000,
      chirp: 5000, 'chirp-v2': 2000, 'luma-vip-video': 10000, 'domo-video': 10000, 'pdf-to-text': 5000,
      'url-analysis': 4000, 'glm-4-flash': 3, ai3: 30, ai3Direct: 30, webai3: 20, webai4: 480, 'dall-e-3': 930,
      gpts: 930, 'web-search': 100, 'gpt-4.5-preview': 100000,
    };
    for (const [id, points] of Object.entries(perRequest)) assert.deepEqual(model(id).price, { kind: 'perRequest', points }, id);
    const perMillion: Record<string, number> = {
      'gpt-4.1': 700_000, 'gpt-4.1-mini': 100_000, 'gpt-4.1-nano': 30_000, 'gpt-4.1-free': 0, 'deepseek-chat': 100_000,
      'deepseek-reasoner': 200_000, o3: 3_900_000, 'o4-mini': 429_000, 'claude-sonnet-4': 1_000_000, 'claude-opus-4': 5_000_000,
      'claude-3-7-sonnet': 900_000, 'gemini-2.5-pro-preview': 800_000, 'perplexity-sonar': 800_000, 'sonar-pro': 2_400_000,
      'sonar-reasoning': 1_400_000, 'sonar-deep-research': 1_400_000,
    };
    for (const [id, points] of Object.entries(perMillion)) assert.deepEqual(model(id).price, { kind: 'perMillionTokens', input: points, output: points }, id);
    assert.deepEqual(model('gemini-exp-1121').price, { kind: 'perCharacter', points: 0.5 });
    const specIds = new Set([...Object.keys(perRequest), ...Object.keys(perMillion), 'gemini-exp-1121']);
    const chosen = MODELS.filter((m) => !specIds.has(m.id));
    assert.deepEqual(chosen.map((m) => m.id).sort(), [...ADDED_WITHOUT_SPEC_PRICE].sort(), 'beyond §9 only the models the spec names elsewhere');
    for (const m of chosen) assert.match(m.note, /price|priced/, `${m.id} says how its price was chosen`);
  });

  it('prices the models the spec names without a price', () => {
    assert.deepEqual(model('ai4').price, { kind: 'perRequest', points: 800 });
    assert.deepEqual(model('deepseek-chat-fast'), { id: 'deepseek-chat-fast', price: model('deepseek-chat').price, isHighLevelModel: true });
    assert.deepEqual(model('deepseek-reasoner-fast'), { id: 'deepseek-reasoner-fast', price: model('deepseek-reasoner').price, isHighLevelModel: true });
    assert.equal(model('glm-4').price.kind, 'perRequest');
  });

  it('prices user agents and built-in apps per character (agent models); unknown ids are unknown', () => {
    assert.deepEqual(model('gpt-4-gizmo-g-user-c-abc123').price, { kind: 'perCharacter', points: 0.01 });
    assert.deepEqual(model('gpt-4-gizmo-g-writing-helper').price, { kind: 'perCharacter', points: 0.01 });
    assert.equal(builtInPrices.priced('gpt-4-gizmo-g-'), undefined);
    assert.equal(builtInPrices.priced('gpt-5-turbo'), undefined);
    assert.equal(builtInPrices.priced('GPT-4O'), undefined);
  });

  it('writes price lines like the model picker', () => {
    assert.equal(priceTextOf(model('gpt-4o').price), '600积分/次');
    assert.equal(priceTextOf(model('gpt-4.1').price), '700000积分/百万tokens');
    assert.equal(priceTextOf(model('gpt-4-gizmo-g-user-c-a').price), '0.01积分/字');
    assert.equal(priceTextOf(model('gemini-exp-1121').price), '0.5积分/字');
    assert.equal(priceTextOf(model('gpt-4.1-free').price), '免费');
    assert.equal(priceTextOf({ kind: 'perMillionTokens', input: 100, output: 300 }), '输入100积分/百万tokens，输出300积分/百万tokens');
  });
});

describe('pricing engine', () => {
  it('discounts 20% from the basic subscription (tier 2) up, while it is in force', () => {
    assert.equal(entitlementsOf(free, now).multiplierPercent, 100);
    assert.equal(entitlementsOf({ ...free, user_package2: 1, user_package_expire_time2: future }, now).multiplierPercent, 100);
    assert.equal(entitlementsOf({ ...free, user_package2: 2, user_package_expire_time2: future }, now).multiplierPercent, 80);
    assert.equal(entitlementsOf({ ...free, user_package2: 3, user_package_expire_time2: future }, now).multiplierPercent, 80);
    assert.equal(entitlementsOf({ ...free, user_package2: 3, user_package_expire_time2: past }, now).multiplierPercent, 100, 'expired');
    assert.equal(entitlementsOf({ ...free, user_package2: 2, user_package_expire_time2: null }, now).multiplierPercent, 80, 'no expiry set: in force');
  });

  it('lets high-level models to package 2+ or any subscriber, else refuses with the label', () => {
    const opus = model('claude-opus-4');
    assert.equal(restrictionOf(opus, entitlementsOf(free, now)), HIGH_LEVEL_LABEL);
    assert.equal(HIGH_LEVEL_LABEL, '[套餐2及以上用户或订阅用户使用]');
    assert.equal(restrictionOf(opus, entitlementsOf({ ...free, user_level: 1, user_sign_expire_time: future }, now)), HIGH_LEVEL_LABEL);
    assert.equal(restrictionOf(opus, entitlementsOf({ ...free, user_level: 2, user_sign_expire_time: future }, now)), null);
    assert.equal(restrictionOf(opus, entitlementsOf({ ...free, user_level: 4, user_sign_expire_time: past }, now)), HIGH_LEVEL_LABEL, 'expired package');
    assert.equal(restrictionOf(opus, entitlementsOf({ ...free, user_package2: 1, user_package_expire_time2: future }, now)), null);
    assert.equal(restrictionOf(model('gpt-4o'), entitlementsOf(free, now)), null);
  });

  it('reserves the most a message can cost', () => {
    const full = { multiplierPercent: 100, webSearch: false, promptChars: 0 };
    assert.equal(maxCostOf(model('gpt-4o'), full, limits), 600);
    assert.equal(maxCostOf(model('gpt-4o'), { ...full, multiplierPercent: 80 }, limits), 480);
    assert.equal(maxCostOf(model('gpt-4o'), { ...full, webSearch: true }, limits), 1100);
    assert.equal(maxCostOf(model('gpt-4o'), { multiplierPercent: 80, webSearch: true, promptChars: 0 }, limits), 880);
    // 4000 output tokens at 700000/M = 2800, plus 1000 prompt chars as tokens = 700.
    assert.equal(maxCostOf(model('gpt-4.1'), full, limits), 2800);
    assert.equal(maxCostOf(model('gpt-4.1'), { ...full, promptChars: 1000 }, limits), 3500);
    assert.equal(maxCostOf(model('gpt-4.1'), { ...full, promptChars: 1000, multiplierPercent: 80 }, limits), 2800);
    assert.equal(maxCostOf(model('gpt-4.1-free'), { ...full, promptChars: 5000 }, limits), 0);
    // (500 + 4000) characters × 0.01 = 45.
    assert.equal(maxCostOf(model('gpt-4-gizmo-g-user-c-a'), { ...full, promptChars: 500 }, limits), 45);
  });

  it('charges usage exactly, rounding up once, and nothing without output', () => {
    const opts = { multiplierPercent: 100, webSearch: false };
    assert.equal(costOf(model('gpt-4o'), { requests: 1 }, opts), 600);
    assert.equal(costOf(model('gpt-4o'), { requests: 0 }, opts), 0);
    assert.equal(costOf(model('gpt-4o'), { requests: 1 }, { multiplierPercent: 80, webSearch: true }), 880);
    assert.equal(costOf(model('gpt-4o'), { requests: 0 }, { multiplierPercent: 80, webSearch: true }), 0, 'no output: no search fee either');
    // 1234 in + 567 out at 700000/M = 1260.7 → 1261.
    assert.equal(costOf(model('gpt-4.1'), { inputTokens: 1234, outputTokens: 567 }, opts), 1261);
    assert.equal(costOf(model('gpt-4.1'), { inputTokens: 1234, outputTokens: 567 }, { ...opts, multiplierPercent: 80 }), 1009);
    assert.equal(costOf(model('gpt-4.1'), { inputTokens: 5000, outputTokens: 0 }, opts), 0, 'prompt without output');
    assert.equal(costOf(model('gpt-4.1-nano'), { inputTokens: 1, outputTokens: 1 }, opts), 1, 'a fraction of a point rounds up');
    assert.equal(costOf(model('glm-4-flash'), { requests: 1 }, { ...opts, multiplierPercent: 80 }), 3, '2.4 → 3');
    assert.equal(costOf(model('gpt-4-gizmo-g-user-c-a'), { characters: 1001 }, opts), 11, '10.01 → 11');
    assert.equal(costOf(model('gemini-exp-1121'), { characters: 3 }, { ...opts, multiplierPercent: 80 }), 2, '1.2 → 2');
  });

  it('refuses a usage that does not fit the price rule or is not a whole count', () => {
    assert.throws(() => costOf(model('gpt-4o'), { inputTokens: 1, outputTokens: 1 }, { multiplierPercent: 100, webSearch: false }), TypeError);
    assert.throws(() => costOf(model('gpt-4.1'), { requests: 1 }, { multiplierPercent: 100, webSearch: false }), TypeError);
    assert.throws(() => costOf(model('gpt-4.1'), { inputTokens: -1, outputTokens: 1 }, { multiplierPercent: 100, webSearch: false }), TypeError);
    assert.throws(() => costOf(model('gpt-4o'), { requests: 0.5 }, { multiplierPercent: 100, webSearch: false }), TypeError);
  });
});
