import { t } from '../i18n';
import styles from './agents.module.css';

/** A list with a known size (`total`), or one that only says whether a next page may exist (`hasNext`: a full page came back). */
type PagerProps = { pageNo: number; onPage(pageNo: number): void } & ({ total: number; pageSize: number } | { hasNext: boolean });

/** 上一页 / 第 n / m 页 (第 n 页 when the size is unknown) / 下一页; nothing when everything fits on one page. */
export function Pager(props: PagerProps) {
  const { pageNo, onPage } = props;
  const pages = 'total' in props ? Math.ceil(props.total / props.pageSize) : null;
  const hasNext = 'hasNext' in props ? props.hasNext : pageNo < (pages ?? 0);
  if (pageNo <= 1 && !hasNext) return null;
  return (
    <nav className={styles.pager} aria-label={t('agents.pages')}>
      <button type="button" disabled={pageNo <= 1} onClick={() => onPage(pageNo - 1)}>
        {t('agents.previousPage')}
      </button>
      <span data-testid="agent-page">{pages === null ? t('agents.page', { page: pageNo }) : t('agents.pageOf', { page: pageNo, pages })}</span>
      <button type="button" disabled={!hasNext} onClick={() => onPage(pageNo + 1)}>
        {t('agents.nextPage')}
      </button>
    </nav>
  );
}
