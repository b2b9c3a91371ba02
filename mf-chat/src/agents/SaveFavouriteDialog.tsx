import { useState } from 'react';
import { AGENT_LIMITS, agentsApi, ApiError, toasts } from '@qiming/sdk';
import { Modal } from '@qiming/sdk/ui/feedback';
import { t } from '../i18n';
import styles from './agents.module.css';

interface Props {
  /** The model or agent code saved. */
  code: string;
  /** The name it starts with (the model's label or the agent's name). */
  name: string;
  onClose(): void;
}

/**
 * The save-favourite-app dialog (spec chat §2, §3 "Favourite app payload"): the application's name
 * (userAppName) and a description, saved to 我的收藏 on the server by addOrUpdateFavApp.
 * The server's message is shown when it refuses.
 */
export default function SaveFavouriteDialog({ code, name, onClose }: Props) {
  const [userAppName, setUserAppName] = useState(name.slice(0, AGENT_LIMITS.favouriteName));
  const [comment, setComment] = useState('');
  const [saving, setSaving] = useState(false);
  const save = async () => {
    const appName = userAppName.trim();
    if (!appName) {
      toasts.warn(t('agents.favNameRequired'));
      return;
    }
    setSaving(true);
    try {
      await agentsApi.favourite({ appName, code, coment: comment.trim() });
      toasts.success(t('agents.favSaved'));
      onClose();
    } catch (error) {
      // A refusal's message (the server's msg) is shown by the SDK's request client already.
      if (!(error instanceof ApiError)) toasts.error(t('chat.favouriteFailed'));
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal open title={t('agents.favTitle')} okText={t('settings.save')} cancelText={t('common.cancel')} confirmLoading={saving} onOk={() => void save()} onCancel={onClose}>
      <div className={styles.favForm} data-testid="save-favourite">
        <label>
          {t('agents.favName')}
          <input value={userAppName} maxLength={AGENT_LIMITS.favouriteName} onChange={(e) => setUserAppName(e.target.value)} autoFocus />
        </label>
        <label>
          {t('agents.favComment')}
          <textarea value={comment} rows={3} maxLength={AGENT_LIMITS.favouriteComment} placeholder={t('agents.favCommentPlaceholder')} onChange={(e) => setComment(e.target.value)} />
        </label>
      </div>
    </Modal>
  );
}
