import { useState } from 'react';
import { useLoad } from '@qiming/sdk';
import type { Page } from '@qiming/sdk/contracts';
import { AgentList, type AgentCard } from './AgentList';
import { AGENT_PAGE_SIZE } from './listing';
import { Pager } from './Pager';
import { t } from '../i18n';
import styles from './agents.module.css';

interface Props<T> {
  /** One page (pages of 20, spec chat §9). A parent changing what is listed gives this a new key: page 1 again. */
  load(pageNo: number): Promise<Page<T>>;
  toCard(item: T): AgentCard;
  onPick(item: T): void;
  label: string;
  empty: string;
}

/** A paged agent list as cards with its pager, loading and empty states. */
export function AgentPages<T>({ load, toCard, onPick, label, empty }: Props<T>) {
  const [pageNo, setPageNo] = useState(1);
  const { data, error } = useLoad(() => load(pageNo), [pageNo]);
  if (error) return <p className={styles.state}>{t('agents.listFailed')}</p>;
  if (!data) return <p className={styles.state}>{t('common.loading')}</p>;
  if (data.list.length === 0) return <p className={styles.state}>{empty}</p>;
  return (
    <>
      <AgentList cards={data.list.map(toCard)} layout="cards" label={label} onPick={(index) => onPick(data.list[index]!)} />
      <Pager pageNo={pageNo} total={data.total} pageSize={AGENT_PAGE_SIZE} onPage={setPageNo} />
    </>
  );
}
