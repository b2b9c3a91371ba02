import type { ModelGroup, ModelOption } from '@qiming/sdk/contracts';
import { t } from '../i18n';
import { ranking } from '../models/ranking';

/** The odd group value deepseek-r1t-chimera has no tab of its own (it is under DeepSeek). */
type SquareTabValue = 'all' | Exclude<ModelGroup, 'deepseek-r1t-chimera'>;

const TABS: ReadonlyArray<{ value: SquareTabValue; isNew?: boolean }> = [
  { value: 'all' },
  { value: 'gpt' },
  { value: 'claude', isNew: true },
  { value: 'deepseek' },
  { value: 'perplexity', isNew: true },
  { value: 'gemini' },
  { value: 'musk', isNew: true },
  { value: 'doubao' },
  { value: 'glm' },
  { value: 'other' },
];

/** The model square's filter tabs (spec chat §2 "Model picker page"), in order, labelled in the page's language. */
export function squareTabs(): Array<{ label: string; value: SquareTabValue; isNew?: boolean }> {
  return TABS.map((tab) => ({ ...tab, label: t(`square.tab.${tab.value}`) }));
}

export const COMPARE_LIMIT = 6;

/** The models of a tab; the odd group value deepseek-r1t-chimera counts as DeepSeek. */
export function modelsOfTab(options: readonly ModelOption[], tab: 'all' | ModelGroup): ModelOption[] {
  if (tab === 'all') return [...options];
  return options.filter((o) => o.modelType === tab || (tab === 'deepseek' && o.modelType === 'deepseek-r1t-chimera'));
}

/** Where a card leads: the chat with the model, or the entry's own page (the GPTs directory, AI PPT, 声音复刻). */
export function cardTarget(option: ModelOption): string {
  if (option.value === 'gpts') return '/toolBox/apps';
  return option.path && !option.path.startsWith('/chatPage') ? option.path : `/chatPage?model=${encodeURIComponent(option.value)}`;
}

/** The square's top-five list: the head of the ranking. */
export function topFive(options: readonly ModelOption[]): ModelOption[] {
  return ranking(options).slice(0, 5);
}

/** Three models to suggest for comparison, not already chosen; `random` injectable for tests. */
export function compareSuggestions(options: readonly ModelOption[], chosen: readonly string[], random: () => number = Math.random): ModelOption[] {
  const pool = options.filter((o) => !chosen.includes(o.value) && o.value !== 'gpts');
  for (let i = pool.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [pool[i], pool[j]] = [pool[j]!, pool[i]!];
  }
  return pool.slice(0, 3);
}
