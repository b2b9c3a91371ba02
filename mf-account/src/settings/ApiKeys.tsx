import { useCallback, useEffect, useState } from 'react';
import { copyText } from '@qiming/sdk';
import type { ApiKey, NewApiKey } from '@qiming/sdk/contracts';
import { Button } from '@qiming/sdk/ui';
import { Input, Switch } from '@qiming/sdk/ui/form';
import { Alert, Modal, Popconfirm } from '@qiming/sdk/ui/feedback';
import { Table, type TableColumnsType } from '@qiming/sdk/ui/display';
import type { AccountApi } from '../api/accountApi';

type Api = Pick<AccountApi, 'apiKeys' | 'addApiKey' | 'updateApiKey' | 'deleteApiKey'>;

const formatTime = (iso: string | null) => (iso ? new Date(iso).toLocaleString('zh-CN', { hour12: false }) : '从未使用');

/** Personal API keys: a new key is shown once; afterwards only its masked form. */
export function ApiKeys({ api }: { api: Api }) {
  const [keys, setKeys] = useState<ApiKey[] | null>(null);
  const [naming, setNaming] = useState<{ id: string | null; name: string } | null>(null);
  const [created, setCreated] = useState<NewApiKey | null>(null);

  const reload = useCallback(() => {
    api.apiKeys().then(setKeys, () => setKeys([]));
  }, [api]);

  useEffect(reload, [reload]);

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
    { title: '名称', dataIndex: 'name' },
    { title: '密钥', dataIndex: 'maskedKey', render: (masked: string) => <code>{masked}</code> },
    { title: '创建时间', dataIndex: 'createdAt', render: formatTime, responsive: ['md'] },
    { title: '最近使用', dataIndex: 'lastUsedAt', render: formatTime, responsive: ['md'] },
    {
      title: '启用',
      dataIndex: 'enabled',
      render: (enabled: boolean, key) => <Switch checked={enabled} aria-label={`启用 ${key.name}`} onChange={(on) => api.updateApiKey(key.id, { enabled: on }).then(reload, () => {})} />,
    },
    {
      title: '操作',
      key: 'actions',
      render: (_value, key) => (
        <span style={{ display: 'inline-flex', gap: 8 }}>
          <Button size="small" onClick={() => setNaming({ id: key.id, name: key.name })}>
            重命名
          </Button>
          <Popconfirm title="删除这个密钥？" description="使用它的程序将无法再调用接口。" okText="删除" cancelText="取消" onConfirm={() => api.deleteApiKey(key.id).then(reload, () => {})}>
            <Button size="small" danger>
              删除
            </Button>
          </Popconfirm>
        </span>
      ),
    },
  ];

  return (
    <div data-testid="api-keys">
      <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', marginBottom: 12, gap: 12, flexWrap: 'wrap' }}>
        <span style={{ color: '#666' }}>用 API 密钥在自己的程序中调用启明 AI。请妥善保管，不要泄露给他人。</span>
        <Button type="primary" onClick={() => setNaming({ id: null, name: '' })}>
          新建密钥
        </Button>
      </div>
      <Table rowKey="id" columns={columns} dataSource={keys ?? []} loading={keys === null} pagination={false} locale={{ emptyText: '还没有 API 密钥' }} scroll={{ x: true }} />
      <Modal open={naming !== null} title={naming?.id ? '重命名密钥' : '新建密钥'} okText="确定" cancelText="取消" onOk={() => void saveName()} onCancel={() => setNaming(null)} destroyOnHidden>
        <Input autoFocus maxLength={40} placeholder="密钥名称，例如：我的脚本" value={naming?.name ?? ''} onChange={(event) => setNaming((n) => (n ? { ...n, name: event.target.value } : n))} onPressEnter={() => void saveName()} />
      </Modal>
      <Modal open={created !== null} title="新密钥已创建" okText="我已保存" cancelButtonProps={{ style: { display: 'none' } }} onOk={() => setCreated(null)} onCancel={() => setCreated(null)} destroyOnHidden>
        <Alert type="warning" showIcon message="密钥只显示这一次，请立即复制并妥善保存。" style={{ marginBottom: 12 }} />
        <code data-testid="new-api-key" style={{ display: 'block', wordBreak: 'break-all', padding: 12, background: '#f6f6f9', borderRadius: 8 }}>
          {created?.key}
        </code>
        <Button style={{ marginTop: 12 }} onClick={() => created && void copyText(created.key)}>
          复制密钥
        </Button>
      </Modal>
    </div>
  );
}
