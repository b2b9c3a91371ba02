import { useState } from 'react';
import { FILE_LIMITS } from '@qiming/sdk';
import { Button } from '@qiming/sdk/ui';
import { Form, Input } from '@qiming/sdk/ui/form';
import { Modal } from '@qiming/sdk/ui/feedback';
import { useDialogWidth } from '../agents/useDialogWidth';
import { t } from '../i18n';

/** Characters of pasted text kept (what the uploads module keeps of any document). */
const MAX_CHARS = FILE_LIMITS.textMaxChars;
const MAX_NAME = 80;

/** The document's file name: the name given (without characters a file name cannot hold) as Markdown. */
export function pastedFileName(name: string, now = new Date()): string {
  const base = name.replace(/[\\/:*?"<>|\u0000-\u001f]+/g, ' ').trim().slice(0, MAX_NAME) || t('knowledge.paste.defaultName', { time: now.toLocaleString('zh-CN', { hour12: false }).replace(/[/:]/g, '-') });
  return /\.(md|markdown|txt)$/i.test(base) ? base : `${base}.md`;
}

/**
 * 粘贴文本: a web page's or a chat's text pasted as a document. It becomes a Markdown file that
 * goes through the same upload and ingestion as a picked file.
 */
export function PasteTextDialog({ onClose, onAdd }: { onClose(): void; onAdd(file: File): void }) {
  const dialog = useDialogWidth(720);
  const [name, setName] = useState('');
  const [text, setText] = useState('');
  const [checked, setChecked] = useState(false);
  const problem = !text.trim() ? t('knowledge.paste.required') : text.length > MAX_CHARS ? t('knowledge.form.tooLong', { max: MAX_CHARS }) : null;

  const add = () => {
    setChecked(true);
    if (problem) return;
    onAdd(new File([text], pastedFileName(name), { type: 'text/markdown' }));
    onClose();
  };

  return (
    <Modal
      open
      title={t('knowledge.paste.title')}
      width={dialog.width}
      style={dialog.style}
      onCancel={onClose}
      mask={{ closable: false }}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={onClose}>
          {t('common.cancel')}
        </Button>,
        <Button key="add" type="primary" onClick={add}>
          {t('knowledge.paste.add')}
        </Button>,
      ]}
    >
      <Form layout="vertical" component="div" data-testid="paste-form">
        <Form.Item label={t('knowledge.paste.name')}>
          <Input value={name} maxLength={MAX_NAME} placeholder={t('knowledge.paste.namePlaceholder')} aria-label={t('knowledge.paste.name')} onChange={(event) => setName(event.target.value)} />
        </Form.Item>
        <Form.Item label={t('knowledge.paste.text')} required {...(checked && problem ? { validateStatus: 'error' as const, help: problem } : {})} extra={t('knowledge.paste.hint')}>
          <Input.TextArea
            value={text}
            count={{ show: true, max: MAX_CHARS }}
            autoSize={{ minRows: 8, maxRows: 16 }}
            placeholder={t('knowledge.paste.textPlaceholder')}
            aria-label={t('knowledge.paste.text')}
            onChange={(event) => setText(event.target.value)}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
