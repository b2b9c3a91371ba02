import { useState } from 'react';
import { toasts, useLoad } from '@qiming/sdk';
import type { MirrorAuthKey, MirrorSite } from '@qiming/sdk/contracts';
import { Button } from '@qiming/sdk/ui';
import { Table, type TableColumnsType } from '@qiming/sdk/ui/display';
import { Form, Input, Select } from '@qiming/sdk/ui/form';
import { Modal, Popconfirm } from '@qiming/sdk/ui/feedback';
import { t } from '../i18n';
import type { MirrorApi } from './mirrorApi';
import styles from './mirror.module.css';

interface KeyForm {
  name: string;
  siteId: string;
  key: string;
}

/** The user's own keys for the mirror sites: stored encrypted, listed masked, usable to enter. */
export function MirrorKeys({ api, sites, entering, onEnter }: { api: MirrorApi; sites: MirrorSite[]; entering: string | null; onEnter(keyId: string): void }) {
  const loaded = useLoad(() => api.keys(), [api]);
  const keys = loaded.data ?? [];
  const [editing, setEditing] = useState<MirrorAuthKey | 'new' | null>(null);
  const [form] = Form.useForm<KeyForm>();
  const siteName = (id: string) => sites.find((site) => site.id === id)?.name ?? id;

  function open(target: MirrorAuthKey | 'new') {
    form.setFieldsValue(target === 'new' ? { name: '', siteId: sites[0]?.id, key: '' } : { name: target.name, siteId: target.siteId, key: '' });
    setEditing(target);
  }

  async function save() {
    const values = await form.validateFields().catch(() => null);
    if (!values || !editing) return;
    try {
      if (editing === 'new') await api.addKey({ siteId: values.siteId, name: values.name.trim(), key: values.key.trim() });
      else await api.updateKey(editing.id, { name: values.name.trim(), ...(values.key.trim() && { key: values.key.trim() }) });
      toasts.success(t('mirror.keys.saved'));
      setEditing(null);
      loaded.refresh();
    } catch {
      // the SDK showed why
    }
  }

  const columns: TableColumnsType<MirrorAuthKey> = [
    { title: t('mirror.keys.column.name'), dataIndex: 'name' },
    { title: t('mirror.keys.column.site'), dataIndex: 'siteId', render: siteName, responsive: ['md'] },
    { title: t('mirror.keys.column.key'), dataIndex: 'maskedKey', render: (masked: string) => <code>{masked}</code> },
    {
      title: t('mirror.keys.column.actions'),
      key: 'actions',
      render: (_value, key) => (
        <span style={{ display: 'inline-flex', flexWrap: 'wrap', gap: 8 }}>
          <Button size="small" type="primary" loading={entering === key.id} onClick={() => onEnter(key.id)}>
            {t('mirror.keys.enter')}
          </Button>
          <Button size="small" onClick={() => open(key)}>
            {t('mirror.keys.edit')}
          </Button>
          <Popconfirm
            title={t('mirror.keys.delete.title')}
            description={t('mirror.keys.delete.detail')}
            okText={t('common.delete')}
            cancelText={t('common.cancel')}
            onConfirm={() => api.deleteKey(key.id).then(loaded.refresh, () => {})}
          >
            <Button size="small" danger>
              {t('common.delete')}
            </Button>
          </Popconfirm>
        </span>
      ),
    },
  ];

  return (
    <section className={styles.keys} data-testid="mirror-keys">
      <div className={styles.keysHead}>
        <div>
          <h2>{t('mirror.keys.title')}</h2>
          <p className={styles.intro}>{t('mirror.keys.intro')}</p>
        </div>
        <Button onClick={() => open('new')}>{t('mirror.keys.add')}</Button>
      </div>
      <Table rowKey="id" columns={columns} dataSource={keys} loading={loaded.loading} pagination={false} locale={{ emptyText: t('mirror.keys.empty') }} />
      <Modal
        open={editing !== null}
        title={editing === 'new' ? t('mirror.keys.form.addTitle') : t('mirror.keys.form.editTitle')}
        okText={t('common.ok')}
        cancelText={t('common.cancel')}
        onOk={save}
        onCancel={() => setEditing(null)}
        destroyOnHidden
        forceRender
      >
        <Form form={form} layout="vertical">
          <Form.Item name="name" label={t('mirror.keys.form.name')} rules={[{ required: true, whitespace: true, message: t('mirror.keys.form.nameRequired') }]}>
            <Input maxLength={40} />
          </Form.Item>
          <Form.Item name="siteId" label={t('mirror.keys.form.site')} rules={[{ required: true }]}>
            <Select disabled={editing !== 'new'} options={sites.map((site) => ({ value: site.id, label: site.name }))} />
          </Form.Item>
          <Form.Item
            name="key"
            label={t('mirror.keys.form.key')}
            extra={editing !== 'new' ? t('mirror.keys.form.keyKeep') : undefined}
            rules={editing === 'new' ? [{ required: true, whitespace: true, message: t('mirror.keys.form.keyRequired') }] : []}
          >
            <Input.Password placeholder={t('mirror.keys.form.keyPlaceholder')} autoComplete="off" />
          </Form.Item>
        </Form>
      </Modal>
    </section>
  );
}
