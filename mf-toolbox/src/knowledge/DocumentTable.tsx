import { useState, type HTMLAttributes } from 'react';
import type { KnowledgeItem } from '@qiming/sdk/contracts';
import { Button } from '@qiming/sdk/ui';
import { Popconfirm } from '@qiming/sdk/ui/feedback';
import { Table, Tag, type TableColumnsType } from '@qiming/sdk/ui/display';
import { formatBytes, formatTime, isPending, STATUS_COLOR } from './format';
import { t } from '../i18n';
import styles from './knowledge.module.css';

interface Props {
  items: KnowledgeItem[];
  loading: boolean;
  /** Someone else's public base: 查看分段 only. */
  readOnly: boolean;
  onView(item: KnowledgeItem): void;
  onReindex(item: KnowledgeItem): void;
  /** True when they were deleted. */
  onDelete(items: KnowledgeItem[]): Promise<boolean>;
}

// On phones the rows stack (knowledge.module.css); each cell shows its column's name before it.
const labelled = (label: string) => () => ({ 'data-label': label }) as HTMLAttributes<HTMLElement>;

/** A base's documents with their indexing state; owners select rows to delete several at once. */
export function DocumentTable({ items, loading, readOnly, onView, onReindex, onDelete }: Props) {
  const [selected, setSelected] = useState<string[]>([]);
  const chosen = items.filter((item) => selected.includes(item.id));

  const deleteButton = (targets: KnowledgeItem[], label: string, size?: 'small') => (
    <Popconfirm
      title={targets.length === 1 ? t('knowledge.docs.deleteOne', { name: targets[0]!.name }) : t('knowledge.docs.deleteMany', { n: targets.length })}
      description={t('knowledge.docs.deleteDetail')}
      okText={t('knowledge.delete')}
      okButtonProps={{ danger: true }}
      cancelText={t('common.cancel')}
      onConfirm={async () => {
        if (await onDelete(targets)) setSelected((ids) => ids.filter((id) => !targets.some((item) => item.id === id)));
      }}
    >
      <Button size={size} danger disabled={targets.length === 0}>
        {label}
      </Button>
    </Popconfirm>
  );

  const columns: TableColumnsType<KnowledgeItem> = [
    { key: 'name', title: t('knowledge.docs.name'), dataIndex: 'name', onCell: labelled(t('knowledge.docs.name')), render: (name: string) => <span className={styles.docName}>{name}</span> },
    { key: 'size', title: t('knowledge.docs.size'), width: 100, onCell: labelled(t('knowledge.docs.size')), render: (_, item) => formatBytes(item.sizeBytes) },
    {
      key: 'status',
      title: t('knowledge.docs.status'),
      width: 200,
      onCell: labelled(t('knowledge.docs.status')),
      render: (_, item) => (
        <Tag color={STATUS_COLOR[item.status]} className={styles.status} data-testid={`status-${item.id}`}>
          {item.statusText}
        </Tag>
      ),
    },
    { key: 'chunks', title: t('knowledge.docs.chunks'), width: 90, onCell: labelled(t('knowledge.docs.chunks')), render: (_, item) => (item.status === 'done' ? item.chunkCount : '—') },
    { key: 'time', title: t('knowledge.docs.time'), width: 150, onCell: labelled(t('knowledge.docs.time')), render: (_, item) => formatTime(item.createTime) },
    {
      key: 'actions',
      title: t('knowledge.docs.actions'),
      width: readOnly ? 110 : 250,
      onCell: labelled(t('knowledge.docs.actions')),
      render: (_, item) => (
        <div className={styles.rowActions}>
          <Button size="small" disabled={item.status !== 'done'} onClick={() => onView(item)}>
            {t('knowledge.docs.view')}
          </Button>
          {readOnly ? null : (
            <>
              <Button size="small" disabled={isPending(item)} onClick={() => onReindex(item)}>
                {t('knowledge.docs.reindex')}
              </Button>
              {deleteButton([item], t('knowledge.delete'), 'small')}
            </>
          )}
        </div>
      ),
    },
  ];

  return (
    <div className={styles.documents}>
      {readOnly || items.length === 0 ? null : <div className={styles.selectionBar}>{deleteButton(chosen, t('knowledge.docs.deleteSelected', { n: chosen.length }))}</div>}
      <Table<KnowledgeItem>
        className={styles.table}
        rowKey="id"
        size="middle"
        loading={loading && items.length === 0}
        columns={columns}
        dataSource={items}
        pagination={items.length > 50 ? { pageSize: 50, showSizeChanger: false } : false}
        rowSelection={readOnly ? undefined : { selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(String)) }}
        locale={{ emptyText: readOnly ? t('knowledge.docs.emptyReadOnly') : t('knowledge.docs.empty') }}
      />
    </div>
  );
}
