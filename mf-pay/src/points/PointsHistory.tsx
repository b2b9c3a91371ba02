import { useState } from 'react';
import { i18n, useLoad } from '@qiming/sdk';
import type { LedgerEntryView, Page } from '@qiming/sdk/contracts';
import { Table, Tag, type TableColumnsType } from '@qiming/sdk/ui/display';
import type { PointsApi } from './pointsApi';
import { t } from '../i18n';

const PAGE_SIZE = 20;
const EMPTY_PAGE: Page<LedgerEntryView> = { list: [], total: 0 };
/** Built at render time, so the headings are in the page's language. */
const columns = (): TableColumnsType<LedgerEntryView> => [
  { title: t('points.column.time'), dataIndex: 'createdAt', render: (iso: string) => new Date(iso).toLocaleString(i18n.locale, { hour12: false }) },
  { title: t('points.column.kind'), dataIndex: 'kindText' },
  {
    title: t('points.column.delta'),
    dataIndex: 'delta',
    render: (delta: number) => <span style={{ color: delta >= 0 ? '#389e0d' : '#cf1322', fontWeight: 500 }}>{delta >= 0 ? `+${delta}` : delta}</span>,
  },
  { title: t('points.column.bucket'), dataIndex: 'bucket', render: (bucket: LedgerEntryView['bucket']) => <Tag color={bucket === 'daily' ? 'blue' : 'purple'}>{t(`points.bucket.${bucket}`)}</Tag> },
  { title: t('points.column.balanceAfter'), dataIndex: 'balanceAfter', responsive: ['md'] },
  { title: t('points.column.reference'), dataIndex: 'reference', render: (reference: string | null) => reference ?? '—', responsive: ['md'] },
];

/** The points ledger, newest first, 20 a page. */
export function PointsHistory({ api }: { api: Pick<PointsApi, 'history'> }) {
  const [pageNo, setPageNo] = useState(1);
  const { data, error } = useLoad(() => api.history(pageNo, PAGE_SIZE), [api, pageNo]);
  const page: Page<LedgerEntryView> | undefined = error ? EMPTY_PAGE : data;

  return (
    <Table
      data-testid="points-history"
      rowKey="id"
      columns={columns()}
      dataSource={page?.list ?? []}
      loading={page === undefined}
      locale={{ emptyText: t('points.empty') }}
      pagination={{ current: pageNo, pageSize: PAGE_SIZE, total: page?.total ?? 0, onChange: setPageNo, showSizeChanger: false }}
      scroll={{ x: true }}
    />
  );
}
