import { useCallback, useMemo, useState } from 'react';
import { Collapse, Empty } from '@qiming/sdk/ui/display';
import { Input } from '@qiming/sdk/ui/form';
import { t } from '../i18n';
import { FAQ_SOURCE } from './content';
import { parseFaq, searchFaq } from './faq';
import { followInternalLink } from './internalLinks';
import { setHash, useHashScroll } from './useHashScroll';
import styles from './manual.module.css';

/**
 * /normalQuestionPage 常见问题 (opened in a new tab from the chat page): content/faq.md as an
 * accordion per group, with a search over questions and answers (matching questions open), and a
 * deep link per question (`#收不到验证码怎么办`) that opens it.
 */
export function FaqPage({ source = FAQ_SOURCE }: { source?: string }) {
  const groups = useMemo(() => parseFaq(source), [source]);
  const [query, setQuery] = useState('');
  const [opened, setOpened] = useState<string[]>([]);
  const shown = useMemo(() => searchFaq(groups, query), [groups, query]);
  const searching = query.trim() !== '';

  useHashScroll(true, useCallback((id: string) => setOpened((current) => (current.includes(id) ? current : [...current, id])), []));

  return (
    <div className={styles.faq}>
      <Input.Search allowClear placeholder={t('faq.search')} aria-label={t('faq.search')} value={query} onChange={(event) => setQuery(event.target.value)} className={styles.faqSearch} data-testid="faq-search" />
      {searching ? <p className={styles.hitCount}>{t('faq.results', { n: shown.reduce((sum, group) => sum + group.items.length, 0) })}</p> : null}
      {shown.length === 0 ? <Empty description={t('faq.noResults')} /> : null}
      {shown.map((group) => (
        <section key={group.title} className={styles.faqGroup}>
          <h2>{group.title}</h2>
          <Collapse
            activeKey={searching ? group.items.map((item) => item.id) : opened}
            onChange={(keys) => {
              const next = (Array.isArray(keys) ? keys : [keys]).map(String);
              if (!searching) setOpened(next);
              const added = next.find((key) => !opened.includes(key));
              if (added) setHash(added);
            }}
            items={group.items.map((item) => ({
              key: item.id,
              label: <span id={item.id}>{item.question}</span>,
              children: <div className={styles.markdown} onClick={followInternalLink} dangerouslySetInnerHTML={{ __html: item.html }} />,
            }))}
          />
        </section>
      ))}
    </div>
  );
}
