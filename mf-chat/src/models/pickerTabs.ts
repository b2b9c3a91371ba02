import type { ModelLevel, ModelOption } from '@qiming/sdk/contracts';
import { t } from '../i18n';
import { knowledgeIdOfOption } from '../knowledge/knowledgeOption';

type PickerTabKey = 'all' | 'gpt' | 'deepseek' | 'claude' | 'glm' | 'grok' | 'gemini' | 'drawing' | 'pdf' | 'music' | 'video' | 'knowledge' | 'other';

export type PickerTab = { key: PickerTabKey; label: string; includes(option: ModelOption): boolean };

/** The server's level values of the generation models (catalogue data, not text of ours). */
const MEDIA = { drawing: '绘画', music: '音乐', video: '视频' } as const satisfies Record<string, ModelLevel>;
const MEDIA_LEVELS: readonly ModelLevel[] = Object.values(MEDIA);

const byGroup = (...groups: string[]) => (o: ModelOption) => groups.includes(o.modelType);
const isMedia = (o: ModelOption) => MEDIA_LEVELS.includes(o.level);
const ofLevel = (level: ModelLevel) => (o: ModelOption) => o.level === level;
const isPdf = (o: ModelOption) => o.value === 'pdf-to-text';
const isKnowledge = (o: ModelOption) => o.uid === 10;
/** The user's bases listed in the picker are not models: 全部 leaves them to 个人知识库. */
const isModel = (o: ModelOption) => knowledgeIdOfOption(o.value) === null;

/**
 * The model picker card's type tabs (spec chat §2), in order. Vendor tabs hold that vendor's chat
 * models; drawing, music and video hold the generation models whatever their vendor; 其他 holds
 * every model no other tab does, so each model is under 全部 and at least one more tab. 个人知识库
 * holds the signed-in user's own bases (`knowledgeOption.ts`) and any uid-10 model of the catalogue.
 */
const TABS: Array<Omit<PickerTab, 'label'>> = [
  { key: 'all', includes: isModel },
  { key: 'gpt', includes: (o) => byGroup('gpt')(o) && !isMedia(o) },
  { key: 'deepseek', includes: byGroup('deepseek', 'deepseek-r1t-chimera') },
  { key: 'claude', includes: byGroup('claude') },
  { key: 'glm', includes: (o) => byGroup('glm')(o) && !isMedia(o) },
  { key: 'grok', includes: byGroup('musk') },
  { key: 'gemini', includes: (o) => byGroup('gemini')(o) && !isMedia(o) },
  { key: 'drawing', includes: ofLevel(MEDIA.drawing) },
  { key: 'pdf', includes: isPdf },
  { key: 'music', includes: ofLevel(MEDIA.music) },
  { key: 'video', includes: ofLevel(MEDIA.video) },
  { key: 'knowledge', includes: isKnowledge },
];

const OTHER: Omit<PickerTab, 'label'> = {
  key: 'other',
  includes: (o) => !TABS.slice(1).some((tab) => tab.includes(o)),
};

/** The tabs that have entries (an empty tab, e.g. 个人知识库 while the user has no base, is not shown). */
export function pickerTabs(options: readonly ModelOption[]): PickerTab[] {
  return [...TABS, OTHER]
    .filter((tab) => tab.key === 'all' || options.some((o) => tab.includes(o)))
    .map((tab) => ({ ...tab, label: t(`picker.tab.${tab.key}`) }));
}

/** The options of a tab matching a search text (label, id or description, case-insensitive). */
export function filterOptions(options: readonly ModelOption[], tab: PickerTab, query: string): ModelOption[] {
  const q = query.trim().toLowerCase();
  return options.filter((o) => tab.includes(o) && (!q || `${o.label} ${o.value} ${o.labelText}`.toLowerCase().includes(q)));
}
