import { useEffect, useState } from 'react';
import type { LedgerEntryView, Page } from '@qiming/sdk/contracts';
import { Table, Tag, type TableColumnsType } from '@qiming/sdk/ui/display';
import type { PointsApi } from './pointsApi';

const PAGE_SIZE = 20;
const BUCKET_TEXT = { daily: '每日积分', permanent: '永久积分' } as const;

const columns: TableColumnsType<LedgerEntryView> = [
  { title: '时间', dataIndex: 'createdAt', render: (iso: string) => new Date(iso).toLocaleString('zh-CN', { hour12: false }) },
  { title: '类型', dataIndex: 'kindText' },
  {
    title: '变动',
    dataIndex: 'delta',
    render: (delta: number) => <span style={{ color: delta >= 0 ? '#389e0d' : '#cf1322', fontWeight: 500 }}>{delta >= 0 ? `+${delta}` : delta}</span>,
  },
  { title: '账户', dataIndex: 'bucket', render: (bucket: LedgerEntryView['bucket']) => <Tag color={bucket === 'daily' ? 'blue' : 'purple'}>{BUCKET_TEXT[bucket]}</Tag> },
  { title: '变动后余额', dataIndex: 'balanceAfter', responsive: ['md'] },
  { title: '说明', dataIndex: 'reference', render: (reference: string | null) => reference ?? '—', responsive: ['md'] },
];

/** The points ledger, newest first, 20 a page. */
export function PointsHistory({ api }: { api: Pick<PointsApi, 'history'> }) {
  const [pageNo, setPageNo] = useState(1);
  const [page, setPage] = useState<Page<LedgerEntryView> | null>(null);

  useEffect(() => {
    setPage(null);
    api.history(pageNo, PAGE_SIZE).then(setPage, () => setPage({ list: [], total: 0 }));
  }, [api, pageNo]);

  return (
    <Table
      data-testid="points-history"
      rowKey="id"
      columns={columns}
      dataSource={page?.list ?? []}
      loading={page === null}
      locale={{ emptyText: '暂无积分记录' }}
      pagination={{ current: pageNo, pageSize: PAGE_SIZE, total: page?.total ?? 0, onChange: setPageNo, showSizeChanger: false }}
      scroll={{ x: true }}
    />
  );
}
