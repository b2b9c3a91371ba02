import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Button } from '@qiming/sdk/ui';
import { Input } from '@qiming/sdk/ui/form';
import { t } from '../i18n';
import { MANUAL_SOURCE } from './content';
import { highlight } from './highlight';
import { followInternalLink } from './internalLinks';
import { renderMarkdown } from './markdown';
import { setHash, useHashScroll } from './useHashScroll';
import styles from './manual.module.css';

/**
 * /instructionPage 使用手册: the manual in content/manual/*.md, rendered once; a table of contents
 * from its headings (sticky beside the text on desktops), search with highlighted, numbered hits
 * and 上一个 / 下一个, and deep links to every heading (`/instructionPage#积分与价格`).
 */
export function ManualPage({ source = MANUAL_SOURCE }: { source?: string }) {
  const { html, headings } = useMemo(() => renderMarkdown(source), [source]);
  const toc = headings.filter((heading) => heading.level <= 3);
  const content = useRef<HTMLDivElement>(null);
  const [query, setQuery] = useState('');
  const [hits, setHits] = useState<HTMLElement[]>([]);
  const [current, setCurrent] = useState(0);
  const [active, setActive] = useState<string | null>(null);

  useHashScroll(true, useCallback((id: string) => setActive(id), []));

  useEffect(() => {
    if (!content.current) return;
    const marks = highlight(content.current, query);
    setHits(marks);
    setCurrent(0);
  }, [query, html]);

  useEffect(() => {
    hits.forEach((mark, index) => mark.classList.toggle(styles.currentHit!, index === current));
    hits[current]?.scrollIntoView({ block: 'center' });
  }, [hits, current]);

  const step = (by: number) => hits.length && setCurrent((index) => (index + by + hits.length) % hits.length);
  const jump = (id: string) => {
    setHash(id);
    setActive(id);
    document.getElementById(id)?.scrollIntoView({ block: 'start' });
  };

  return (
    <div className={styles.layout}>
      <nav className={styles.toc} aria-label={t('manual.toc')} data-testid="manual-toc">
        <details open className={styles.tocBox}>
          <summary>{t('manual.toc')}</summary>
          <ul>
            {toc.map((heading) => (
              <li key={heading.id} className={heading.level === 3 ? styles.tocSub : styles.tocTop}>
                <a
                  href={`#${heading.id}`}
                  aria-current={active === heading.id ? 'location' : undefined}
                  onClick={(event) => {
                    event.preventDefault();
                    jump(heading.id);
                  }}
                >
                  {heading.text}
                </a>
              </li>
            ))}
          </ul>
        </details>
      </nav>
      <div className={styles.main}>
        <div className={styles.searchBar}>
          <Input.Search
            allowClear
            placeholder={t('manual.search')}
            aria-label={t('manual.search')}
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            onSearch={() => step(1)}
            data-testid="manual-search"
          />
          {query.trim() ? (
            <span className={styles.hitCount} data-testid="manual-hit-count" aria-live="polite">
              {hits.length ? t('manual.hits', { current: current + 1, total: hits.length }) : t('manual.noHits')}
            </span>
          ) : null}
          <Button disabled={hits.length < 2} onClick={() => step(-1)}>
            {t('manual.previous')}
          </Button>
          <Button disabled={hits.length < 2} onClick={() => step(1)}>
            {t('manual.next')}
          </Button>
        </div>
        <article className={styles.markdown} ref={content} onClick={followInternalLink} dangerouslySetInnerHTML={{ __html: html }} data-testid="manual-content" />
      </div>
    </div>
  );
}
