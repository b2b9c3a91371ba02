import { useState } from 'react';
import { copyText, i18n, useLoad } from '@qiming/sdk';
import type { ApiKey, NewApiKey } from '@qiming/sdk/contracts';
import { Button } from '@qiming/sdk/ui';
import { Input, Switch } from '@qiming/sdk/ui/form';
import { Alert, Modal, Popconfirm } from '@qiming/sdk/ui/feedback';
import { Table, type TableColumnsType } from '@qiming/sdk/ui/display';
import type { AccountApi } from '../api/accountApi';
import { t } from '../i18n';

type Api = Pick<AccountApi, 'apiKeys' | 'addApiKey' | 'updateApiKey' | 'deleteApiKey'>;

const formatTime = (iso: string | null) => (iso ? new Date(iso).toLocaleString(i18n.locale, { hour12: false }) : t('apiKeys.neverUsed'));

/** Personal API keys: a new key is shown once; afterwards only its masked form. */
export function ApiKeys({ api }: { api: Api }) {
  const loaded = useLoad(() => api.apiKeys(), [api]);
  const keys = loaded.error ? [] : loaded.data;
  const reload = loaded.refresh;
  const [naming, setNaming] = useState<{ id: string | null; name: string } | null>(null);
  const [created, setCreated] = useState<NewApiKey | null>(null);

  async function saveName() {
    if (!naming) return;
    const name = naming.name.trim();
    if (!name) return;
    try {
      if (naming.id) await api.updateApiKey(naming.id, { name });
      else setCreated(await api.addApiKey(name));
      setNaming(null);
      reload();
    } catch {
      // the SDK showed why
    }
  }

  const columns: TableColumnsType<ApiKey> = [
    { title: t('apiKeys.column.name'), dataIndex: 'name' },
    { title: t('apiKeys.column.key'), dataIndex: 'maskedKey', render: (masked: string) => <code>{masked}</code> },
    { title: t('apiKeys.column.createdAt'), dataIndex: 'createdAt', render: formatTime, responsive: ['md'] },
    { title: t('apiKeys.column.lastUsedAt'), dataIndex: 'lastUsedAt', render: formatTime, responsive: ['md'] },
    {
      title: t('apiKeys.column.enabled'),
      dataIndex: 'enabled',
      render: (enabled: boolean, key) => <Switch checked={enabled} aria-label={t('apiKeys.enableNamed', { name: key.name })} onChange={(on) => api.updateApiKey(key.id, { enabled: on }).then(reload, () => {})} />,
    },
    {
      title: t('apiKeys.column.actions'),
      key: 'actions',
      render: (_value, key) => (
        <span style={{ display: 'inline-flex', gap: 8 }}>
          <Button size="small" onClick={() => setNaming({ id: key.id, name: key.name })}>
            {t('apiKeys.rename')}
          </Button>
          <Popconfirm title={t('apiKeys.delete.title')} description={t('apiKeys.delete.detail')} okText={t('common.delete')} cancelText={t('common.cancel')} onConfirm={() => api.deleteApiKey(key.id).then(reload, () => {})}>
            <Button size="small" danger>
              {t('common.delete')}
            </Button>
          </Popconfirm>
        </span>
      ),
    },
  ];

  return (
    <div data-testid="api-keys">
      <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', marginBottom: 12, gap: 12, flexWrap: 'wrap' }}>
        <span style={{ color: '#666' }}>{t('apiKeys.intro')}</span>
        <Button type="primary" onClick={() => setNaming({ id: null, name: '' })}>
          {t('apiKeys.new')}
        </Button>
      </div>
      <Table rowKey="id" columns={columns} dataSource={keys ?? []} loading={keys === undefined} pagination={false} locale={{ emptyText: t('apiKeys.empty') }} scroll={{ x: true }} />
      <Modal open={naming !== null} title={naming?.id ? t('apiKeys.renameTitle') : t('apiKeys.new')} okText={t('common.ok')} cancelText={t('common.cancel')} onOk={() => void saveName()} onCancel={() => setNaming(null)} destroyOnHidden>
        <Input autoFocus maxLength={40} placeholder={t('apiKeys.namePlaceholder')} value={naming?.name ?? ''} onChange={(event) => setNaming((n) => (n ? { ...n, name: event.target.value } : n))} onPressEnter={() => void saveName()} />
      </Modal>
      <Modal open={created !== null} title={t('apiKeys.created.title')} okText={t('apiKeys.created.confirm')} cancelButtonProps={{ style: { display: 'none' } }} onOk={() => setCreated(null)} onCancel={() => setCreated(null)} destroyOnHidden>
        <Alert type="warning" showIcon message={t('apiKeys.created.warning')} style={{ marginBottom: 12 }} />
        <code data-testid="new-api-key" style={{ display: 'block', wordBreak: 'break-all', padding: 12, background: '#f6f6f9', borderRadius: 8 }}>
          {created?.key}
        </code>
        <Button style={{ marginTop: 12 }} onClick={() => created && void copyText(created.key)}>
          {t('apiKeys.copy')}
        </Button>
      </Modal>
    </div>
  );
}
