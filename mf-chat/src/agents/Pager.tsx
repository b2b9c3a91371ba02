import { t } from '../i18n';
import styles from './agents.module.css';

/** 上一页 / 第 n / m 页 / 下一页; nothing when everything fits on one page. */
export function Pager({ pageNo, total, pageSize, onPage }: { pageNo: number; total: number; pageSize: number; onPage(pageNo: number): void }) {
  const pages = Math.ceil(total / pageSize);
  if (pages <= 1) return null;
  return (
    <nav className={styles.pager} aria-label={t('agents.pages')}>
      <button type="button" disabled={pageNo <= 1} onClick={() => onPage(pageNo - 1)}>
        {t('agents.previousPage')}
      </button>
      <span data-testid="agent-page">{t('agents.pageOf', { page: pageNo, pages })}</span>
      <button type="button" disabled={pageNo >= pages} onClick={() => onPage(pageNo + 1)}>
        {t('agents.nextPage')}
      </button>
    </nav>
  );
}
