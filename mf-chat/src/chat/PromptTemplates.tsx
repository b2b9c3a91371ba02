import { useEffect, useState } from 'react';
import { dataOf, request } from '@qiming/sdk';
import type { PromptTemplate, PromptTemplateList } from '@qiming/sdk/contracts';
import styles from './chat.module.css';

const loadTemplates = () => dataOf(request.get<PromptTemplateList>('backend-api/getPromptTemplates'));

/** The settings drawer's prompt templates (spec chat §2 tab 0): category tabs, cards; a card fills the input. */
export function PromptTemplates({ onPick }: { onPick(template: PromptTemplate): void }) {
  const [list, setList] = useState<PromptTemplateList | null>(null);
  const [failed, setFailed] = useState(false);
  const [category, setCategory] = useState<string | null>(null);
  useEffect(() => {
    let alive = true;
    loadTemplates().then(
      (answer) => alive && setList(answer),
      () => alive && setFailed(true),
    );
    return () => {
      alive = false;
    };
  }, []);
  if (failed) return <p className={styles.empty}>提示词模板加载失败，请稍后重试</p>;
  if (!list) return <p className={styles.empty}>加载中…</p>;
  const shown = list.categories.find((c) => c.key === category) ?? list.categories[0];
  return (
    <div data-testid="prompt-templates">
      <div className={styles.categoryTabs} role="tablist" aria-label="模板分类">
        {list.categories.map((c) => (
          <button key={c.key} type="button" role="tab" aria-selected={c === shown} className={c === shown ? styles.tabActive : styles.tab} onClick={() => setCategory(c.key)}>
            {c.name}
          </button>
        ))}
      </div>
      <div className={styles.templateGrid}>
        {shown?.templates.map((template) => (
          <button key={template.id} type="button" className={styles.templateCard} onClick={() => onPick(template)} title="使用这个模板">
            <strong>{template.title}</strong>
            <small>{template.subTitle}</small>
            <span>{template.promt}</span>
          </button>
        ))}
      </div>
    </div>
  );
}
