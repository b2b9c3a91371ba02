import { useState } from 'react';
import { ApiError, toasts } from '@qiming/sdk';
import { RESOURCE_FEEDBACK_KINDS, RESOURCE_LIMITS, type ResourceFeedbackKind, type ResourceItem } from '@qiming/sdk/contracts';
import { Button } from '@qiming/sdk/ui';
import { Alert, Modal } from '@qiming/sdk/ui/feedback';
import { Tag } from '@qiming/sdk/ui/display';
import { Input, Select } from '@qiming/sdk/ui/form';
import { useDialogWidth } from '../agents/useDialogWidth';
import { t } from '../i18n';
import { LetterIcon } from './LetterIcon';
import type { ResourcesApi } from './resourcesApi';
import styles from './resources.module.css';

interface Props {
  item: ResourceItem;
  /** The category path shown under the name (e.g. AI 对话 / 国内大模型). */
  path: string;
  api: ResourcesApi;
  onClose(): void;
}

/** A card's details: 直达链接 (a new tab, no opener) and 反馈 (kind and text, signed in or not). */
export function ResourceDialog({ item, path, api, onClose }: Props) {
  const dialog = useDialogWidth(560);
  const [feedback, setFeedback] = useState<{ kind: ResourceFeedbackKind; text: string } | null>(null);
  const [sending, setSending] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const textMissing = feedback !== null && feedback.kind !== 'broken' && !feedback.text.trim();
  const tooLong = feedback !== null && Array.from(feedback.text.trim()).length > RESOURCE_LIMITS.feedbackText;

  const send = async () => {
    if (!feedback || textMissing || tooLong) return;
    setSending(true);
    setRefusal(null);
    try {
      await api.feedback({ itemId: item.id, kind: feedback.kind, text: feedback.text.trim() });
      toasts.success(t('resources.feedbackThanks'));
      setFeedback(null);
    } catch (error) {
      setRefusal(error instanceof ApiError ? error.message : t('resources.feedbackFailed'));
    } finally {
      setSending(false);
    }
  };

  return (
    <Modal open title={null} footer={null} onCancel={onClose} width={dialog.width} style={dialog.style} destroyOnHidden>
      <div className={styles.detailHead} data-testid="resource-detail">
        <LetterIcon name={item.itemName} imgUrl={item.imgUrl} size={56} />
        <div>
          <h2 className={styles.detailName}>{item.itemName}</h2>
          <div className={styles.detailPath}>{path}</div>
        </div>
      </div>
      <p className={styles.detailText}>{item.tooltip}</p>
      {item.tags.length ? (
        <div className={styles.tags}>
          {item.tags.map((tag) => (
            <Tag key={tag}>{tag}</Tag>
          ))}
        </div>
      ) : null}
      <div className={styles.detailUrl}>{item.link}</div>
      <div className={styles.detailActions}>
        <a className={styles.primaryLink} href={item.link} target="_blank" rel="noopener noreferrer" data-testid="resource-direct-link">
          {t('resources.directLink')}
        </a>
        <Button onClick={() => setFeedback(feedback ? null : { kind: 'broken', text: '' })} aria-expanded={feedback !== null} data-testid="resource-feedback">
          {t('resources.feedback')}
        </Button>
      </div>
      {feedback ? (
        <div className={styles.feedbackForm} data-testid="resource-feedback-form">
          <label className={styles.field}>
            <span>{t('resources.feedbackKind')}</span>
            <Select
              value={feedback.kind}
              onChange={(kind: ResourceFeedbackKind) => setFeedback({ ...feedback, kind })}
              options={RESOURCE_FEEDBACK_KINDS.map((kind) => ({ value: kind, label: t(`resources.kind.${kind}`) }))}
              data-testid="resource-feedback-kind"
            />
          </label>
          <label className={styles.field}>
            <span>{feedback.kind === 'broken' ? t('resources.feedbackTextOptional') : t('resources.feedbackText')}</span>
            <Input.TextArea
              value={feedback.text}
              rows={3}
              placeholder={t(`resources.placeholder.${feedback.kind}`)}
              onChange={(event) => setFeedback({ ...feedback, text: event.target.value })}
              status={tooLong ? 'error' : undefined}
              data-testid="resource-feedback-text"
            />
            <span className={tooLong ? styles.counterOver : styles.counter}>
              {Array.from(feedback.text.trim()).length}/{RESOURCE_LIMITS.feedbackText}
            </span>
          </label>
          {refusal ? <Alert type="error" showIcon message={refusal} data-testid="resource-feedback-refusal" /> : null}
          <div className={styles.detailActions}>
            <Button type="primary" loading={sending} disabled={textMissing || tooLong} onClick={() => void send()} data-testid="resource-feedback-send">
              {t('resources.feedbackSend')}
            </Button>
            <Button onClick={() => setFeedback(null)}>{t('common.cancel')}</Button>
          </div>
        </div>
      ) : null}
    </Modal>
  );
}
