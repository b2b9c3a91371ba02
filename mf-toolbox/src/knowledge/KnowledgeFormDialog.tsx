import { useState } from 'react';
import { ApiError, toasts, KNOWLEDGE_LIMITS } from '@qiming/sdk';
import type { KnowledgeBase, KnowledgeInput } from '@qiming/sdk/contracts';
import { Button } from '@qiming/sdk/ui';
import { Form, Input, Switch } from '@qiming/sdk/ui/form';
import { Alert, Modal } from '@qiming/sdk/ui/feedback';
import { useToolboxApi } from '../api/toolboxApi';
import { useDialogWidth } from '../agents/useDialogWidth';
import { t } from '../i18n';

interface Props {
  /** The own base being edited; null creates one. */
  editing: KnowledgeBase | null;
  onClose(): void;
  onSaved(base: KnowledgeBase): void;
}

type Field = 'title' | 'remark';

/** What is wrong with the form, checked like the server does (required title, both lengths). */
function problemOf(field: Field, value: string): string | null {
  if (field === 'title' && !value.trim()) return t('knowledge.form.required');
  if (value.length > KNOWLEDGE_LIMITS[field]) return t('knowledge.form.tooLong', { max: KNOWLEDGE_LIMITS[field] });
  return null;
}

/** 新建知识库 / 编辑知识库: name, description and 公开, with the server's refusal beside the form. */
export function KnowledgeFormDialog({ editing, onClose, onSaved }: Props) {
  const api = useToolboxApi();
  const dialog = useDialogWidth(560);
  const [title, setTitle] = useState(editing?.title ?? '');
  const [remark, setRemark] = useState(editing?.remark ?? '');
  const [isPublic, setPublic] = useState(editing?.isPublic === 1);
  const [checked, setChecked] = useState(false);
  const [saving, setSaving] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const problems = { title: problemOf('title', title), remark: problemOf('remark', remark) };

  const save = async () => {
    setChecked(true);
    setServerError(null);
    if (problems.title || problems.remark) return;
    const input: KnowledgeInput = { title: title.trim(), remark: remark.trim(), isPublic: isPublic ? 1 : 0 };
    setSaving(true);
    try {
      const saved = editing ? await api.knowledge.update(editing.id, input) : await api.knowledge.create(input);
      toasts.success(editing ? t('knowledge.form.updated') : t('knowledge.form.created'));
      onSaved(saved);
    } catch (error) {
      // 2603 too many bases, 2606 banned words, 2608 a field: the server's msg says which.
      setServerError(error instanceof ApiError ? error.message : t('knowledge.form.failed'));
    } finally {
      setSaving(false);
    }
  };

  const status = (field: Field) => (checked && problems[field] ? { validateStatus: 'error' as const, help: problems[field] } : {});

  return (
    <Modal
      open
      title={editing ? t('knowledge.form.editTitle') : t('knowledge.form.createTitle')}
      width={dialog.width}
      style={dialog.style}
      onCancel={onClose}
      mask={{ closable: false }}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={onClose}>
          {t('common.cancel')}
        </Button>,
        <Button key="save" type="primary" loading={saving} onClick={() => void save()}>
          {editing ? t('knowledge.form.save') : t('knowledge.form.create')}
        </Button>,
      ]}
    >
      <Form layout="vertical" component="div" data-testid="knowledge-form">
        <Form.Item label={t('knowledge.form.title')} required {...status('title')}>
          <Input value={title} count={{ show: true, max: KNOWLEDGE_LIMITS.title }} placeholder={t('knowledge.form.titlePlaceholder')} aria-label={t('knowledge.form.title')} onChange={(event) => setTitle(event.target.value)} />
        </Form.Item>
        <Form.Item label={t('knowledge.form.remark')} {...status('remark')}>
          <Input.TextArea
            value={remark}
            count={{ show: true, max: KNOWLEDGE_LIMITS.remark }}
            autoSize={{ minRows: 3, maxRows: 6 }}
            placeholder={t('knowledge.form.remarkPlaceholder')}
            aria-label={t('knowledge.form.remark')}
            onChange={(event) => setRemark(event.target.value)}
          />
        </Form.Item>
        <Form.Item label={t('knowledge.form.public')} extra={t('knowledge.form.publicHint')}>
          <Switch checked={isPublic} onChange={setPublic} aria-label={t('knowledge.form.public')} />
        </Form.Item>
        {serverError ? <Alert type="error" showIcon message={serverError} data-testid="knowledge-form-error" /> : null}
      </Form>
    </Modal>
  );
}
