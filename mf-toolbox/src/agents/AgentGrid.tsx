import type { ReactNode } from 'react';
import { AGENT_LIMITS, type Loaded } from '@qiming/sdk';
import type { Page } from '@qiming/sdk/contracts';
import { Button, Result, Spin } from '@qiming/sdk/ui';
import { Pagination } from '@qiming/sdk/ui/display';
import { AgentCard, type CardView } from './AgentCard';
import { t } from '../i18n';
import styles from './agents.module.css';

interface Props<T> {
  loaded: Loaded<Page<T>>;
  pageNo: number;
  onPage(pageNo: number): void;
  toView(item: T): CardView;
  onOpen(item: T): void;
  /** What an empty list says (each page explains its own emptiness). */
  empty: ReactNode;
}

/** A page of cards, 20 at a time (spec chat §9), with its loading, failed and empty states. */
export function AgentGrid<T>({ loaded, pageNo, onPage, toView, onOpen, empty }: Props<T>) {
  const { data, error, loading } = loaded;
  if (error && !data) {
    return (
      <Result
        status="warning"
        title={t('grid.failed')}
        extra={
          <Button type="primary" onClick={loaded.refresh}>
            {t('grid.retry')}
          </Button>
        }
        data-testid="grid-error"
      />
    );
  }
  if (!data) {
    return (
      <div className={styles.loading} data-testid="grid-loading">
        <Spin />
      </div>
    );
  }
  if (data.list.length === 0) return <div className={styles.empty}>{empty}</div>;
  return (
    <Spin spinning={loading}>
      <div className={styles.grid}>
        {data.list.map((item) => {
          const view = toView(item);
          return <AgentCard key={view.key} view={view} onOpen={() => onOpen(item)} />;
        })}
      </div>
      {data.total > AGENT_LIMITS.pageSize ? (
        <Pagination className={styles.pager} current={pageNo} pageSize={AGENT_LIMITS.pageSize} total={data.total} showSizeChanger={false} onChange={onPage} />
      ) : null}
    </Spin>
  );
}
