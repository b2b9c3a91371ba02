import type { ModelOption } from '@qiming/sdk/contracts';
import { filterOptions, pickerTabs } from './pickerTabs';
import { ranking } from './ranking';
import { knowledgeOption } from '../knowledge/knowledgeOption';
import { testBase } from '../knowledge/testBase';

const option = (value: string, extra: Partial<ModelOption> = {}): ModelOption =>
  ({ value, label: value, labelText: '', modelType: 'gpt', level: '基础', uid: 0, stars: 6, isNewModel: false, ...extra }) as ModelOption;

const catalogue = [
  option('gpt-4o'),
  option('gpt-4o-image', { level: '绘画' }),
  option('deepseek-chat', { modelType: 'deepseek', labelText: '深度求索' }),
  option('chimera', { modelType: 'deepseek-r1t-chimera' }),
  option('grok-3', { modelType: 'musk' }),
  option('suno', { modelType: 'other', level: '音乐' }),
  option('pdf-to-text', { modelType: 'other' }),
  option('doubao-pro', { modelType: 'doubao' }),
  option('sonar', { modelType: 'perplexity' }),
];

describe('model picker tabs', () => {
  it('shows the spec tabs that have models, 全部 first, in the spec order', () => {
    expect(pickerTabs(catalogue).map((t) => t.label)).toEqual(['全部', 'GPT', 'DeepSeek', 'Grok', '绘画', 'PDF转文字', '音乐', '其他']);
  });

  it('puts generation models under their kind, and under 其他 only what no other tab holds', () => {
    const tabs = Object.fromEntries(pickerTabs(catalogue).map((t) => [t.key, filterOptions(catalogue, t, '').map((o) => o.value)]));
    expect(tabs.gpt).toEqual(['gpt-4o']);
    expect(tabs.drawing).toEqual(['gpt-4o-image']);
    expect(tabs.deepseek).toEqual(['deepseek-chat', 'chimera']);
    expect(tabs.other).toEqual(['doubao-pro', 'sonar']);
    expect(tabs.all).toHaveLength(catalogue.length);
  });

  it('shows the knowledge tab once a knowledge model (uid 10) exists', () => {
    expect(pickerTabs([...catalogue, option('kb', { uid: 10, modelType: 'other' })]).some((t) => t.label === '个人知识库')).toBe(true);
  });

  it('lists the user\'s own bases under 个人知识库 only, not under 全部 or 其他', () => {
    const listed = [...catalogue, knowledgeOption(testBase())];
    const tabs = Object.fromEntries(pickerTabs(listed).map((t) => [t.key, filterOptions(listed, t, '').map((o) => o.label)]));
    expect(tabs.knowledge).toEqual(['产品手册']);
    expect(tabs.all).toHaveLength(catalogue.length);
    expect(tabs.other).not.toContain('产品手册');
  });

  it('searches label, id and description within the tab', () => {
    const all = pickerTabs(catalogue)[0]!;
    expect(filterOptions(catalogue, all, '深度').map((o) => o.value)).toEqual(['deepseek-chat']);
    expect(filterOptions(catalogue, all, '  GROK ').map((o) => o.value)).toEqual(['grok-3']);
  });

  it('ranks by rating, newer first among equals, without the GPTs directory entry', () => {
    const ranked = ranking([option('a', { stars: 8 }), option('gpts', { stars: 10 }), option('b', { stars: 8, isNewModel: true }), option('c', { stars: 9 })]);
    expect(ranked.map((o) => o.value)).toEqual(['c', 'b', 'a']);
  });
});
