import type { ModelOption } from '@qiming/sdk/contracts';
import { cardTarget, compareSuggestions, modelsOfTab, squareTabs, topFive } from './squareModel';
import { starPercent } from '../models/ranking';

const option = (value: string, extra: Partial<ModelOption> = {}): ModelOption =>
  ({ value, label: value, modelType: 'gpt', stars: 6, isNewModel: false, ...extra }) as ModelOption;

describe('model square', () => {
  it('has the spec tabs in order, with new badges on Claude, Perplex联网 and 马斯克专区', () => {
    expect(squareTabs().map((t) => `${t.label}/${t.value}`)).toEqual(['全部/all', 'GPT专区/gpt', 'Claude专区/claude', 'DeepSeek/deepseek', 'Perplex联网/perplexity', 'Gemini专区/gemini', '马斯克专区/musk', '豆包专区/doubao', 'GLM专区/glm', '其他模型/other']);
    expect(squareTabs().filter((t) => t.isNew).map((t) => t.value)).toEqual(['claude', 'perplexity', 'musk']);
  });

  it('filters by group (the odd deepseek-r1t-chimera value under DeepSeek) and links cards to the chat or the GPTs directory', () => {
    const options = [option('gpt-4o'), option('deepseek-chat', { modelType: 'deepseek' }), option('chimera', { modelType: 'deepseek-r1t-chimera' })];
    expect(modelsOfTab(options, 'deepseek').map((o) => o.value)).toEqual(['deepseek-chat', 'chimera']);
    expect(modelsOfTab(options, 'all')).toHaveLength(3);
    expect(cardTarget(option('gpt-4o'))).toBe('/chatPage?model=gpt-4o');
    expect(cardTarget(option('gpts'))).toBe('/toolBox/apps');
    expect(cardTarget(option('ai-ppt', { path: '/pptPage' }))).toBe('/pptPage');
  });

  it('ranks the top five by rating, newer first among equals; suggests three models not yet compared', () => {
    const options = [option('a', { stars: 9 }), option('b', { stars: 10 }), option('c', { stars: 9, isNewModel: true }), option('d', { stars: 2 }), option('e', { stars: 7 }), option('f', { stars: 8 })];
    expect(topFive(options).map((o) => o.value)).toEqual(['b', 'c', 'a', 'f', 'e']);
    const suggested = compareSuggestions(options, ['a', 'b'], () => 0.5);
    expect(suggested).toHaveLength(3);
    expect(suggested.some((o) => o.value === 'a' || o.value === 'b')).toBe(false);
    expect(starPercent(7)).toBe(70);
  });
});
