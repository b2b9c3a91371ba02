import { useState } from 'react';
import { dataOf, request, useLoad } from '@qiming/sdk';
import type { PromptTemplate, PromptTemplateList } from '@qiming/sdk/contracts';
import { t } from '../i18n';
import styles from './chat.module.css';

const loadTemplates = () => dataOf(request.get<PromptTemplateList>('backend-api/getPromptTemplates'));

/** The settings drawer's prompt templates (spec chat §2 tab 0): category tabs, cards; a card fills the input. */
export function PromptTemplates({ onPick }: { onPick(template: PromptTemplate): void }) {
  const { data: list, error } = useLoad(loadTemplates, []);
  const [category, setCategory] = useState<string | null>(null);
  if (error) return <p className={styles.empty}>{t('templates.loadFailed')}</p>;
  if (!list) return <p className={styles.empty}>{t('common.loading')}</p>;
  const shown = list.categories.find((c) => c.key === category) ?? list.categories[0];
  return (
    <div data-testid="prompt-templates">
      <div className={styles.categoryTabs} role="tablist" aria-label={t('templates.categories')}>
        {list.categories.map((c) => (
          <button key={c.key} type="button" role="tab" aria-selected={c === shown} className={c === shown ? styles.tabActive : styles.tab} onClick={() => setCategory(c.key)}>
            {c.name}
          </button>
        ))}
      </div>
      <div className={styles.templateGrid}>
        {shown?.templates.map((template) => (
          <button key={template.id} type="button" className={styles.templateCard} onClick={() => onPick(template)} title={t('templates.use')}>
            <strong>{template.title}</strong>
            <small>{template.subTitle}</small>
            <span>{template.promt}</span>
          </button>
        ))}
      </div>
    </div>
  );
}
