import type { ModelOption } from '@qiming/sdk/contracts';

export type PickerTab = { key: string; label: string; includes(option: ModelOption): boolean };

const byGroup = (...groups: string[]) => (o: ModelOption) => groups.includes(o.modelType);
const MEDIA_LEVELS = ['绘画', '音乐', '视频'];
const isMedia = (o: ModelOption) => MEDIA_LEVELS.includes(o.level);
const isPdf = (o: ModelOption) => o.value === 'pdf-to-text';
const isKnowledge = (o: ModelOption) => o.uid === 10;

/**
 * The model picker card's type tabs (spec chat §2), in order. Vendor tabs hold that vendor's chat
 * models; drawing, music and video hold the generation models whatever their vendor; 其他 holds
 * every model no other tab does, so each model is under 全部 and at least one more tab.
 */
const TABS: PickerTab[] = [
  { key: 'all', label: '全部', includes: () => true },
  { key: 'gpt', label: 'GPT', includes: (o) => byGroup('gpt')(o) && !isMedia(o) },
  { key: 'deepseek', label: 'DeepSeek', includes: byGroup('deepseek', 'deepseek-r1t-chimera') },
  { key: 'claude', label: 'Claude', includes: byGroup('claude') },
  { key: 'glm', label: 'GLM', includes: (o) => byGroup('glm')(o) && !isMedia(o) },
  { key: 'grok', label: 'Grok', includes: byGroup('musk') },
  { key: 'gemini', label: 'Gemini', includes: (o) => byGroup('gemini')(o) && !isMedia(o) },
  { key: 'drawing', label: '绘画', includes: (o) => o.level === '绘画' },
  { key: 'pdf', label: 'PDF转文字', includes: isPdf },
  { key: 'music', label: '音乐', includes: (o) => o.level === '音乐' },
  { key: 'video', label: '视频', includes: (o) => o.level === '视频' },
  { key: 'knowledge', label: '个人知识库', includes: isKnowledge },
];

const OTHER: PickerTab = {
  key: 'other',
  label: '其他',
  includes: (o) => !TABS.slice(1).some((tab) => tab.includes(o)),
};

/** The tabs that have models (an empty tab, e.g. 个人知识库 before any knowledge model exists, is not shown). */
export function pickerTabs(options: readonly ModelOption[]): PickerTab[] {
  return [...TABS, OTHER].filter((tab) => tab.key === 'all' || options.some((o) => tab.includes(o)));
}

/** The options of a tab matching a search text (label, id or description, case-insensitive). */
export function filterOptions(options: readonly ModelOption[], tab: PickerTab, query: string): ModelOption[] {
  const q = query.trim().toLowerCase();
  return options.filter((o) => tab.includes(o) && (!q || `${o.label} ${o.value} ${o.labelText}`.toLowerCase().includes(q)));
}
