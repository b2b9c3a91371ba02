import { useState } from 'react';
import { copyText, navigateTo, starterQuestions, toasts } from '@qiming/sdk';
import type { AgentApp } from '@qiming/sdk/contracts';
import { Button } from '@qiming/sdk/ui';
import { Modal } from '@qiming/sdk/ui/feedback';
import { Tag } from '@qiming/sdk/ui/display';
import { useToolboxApi } from '../api/toolboxApi';
import { AgentIcon } from './AgentIcon';
import { categoryName, type CategoryView } from './categories';
import { agentChatLink, agentEditLink, agentShareLink } from './chatLinks';
import { requireLogin } from './login';
import { useDialogWidth } from './useDialogWidth';
import { t } from '../i18n';
import styles from './agents.module.css';

interface Props {
  app: AgentApp;
  categories: CategoryView[];
  onClose(): void;
  /** The agent changed here (its favourite mark): lists show the new state. */
  onChanged(app: AgentApp): void;
  /** Own agents: 编辑 opens the editor here instead of going to 我的智能体. */
  onEdit?(app: AgentApp): void;
}

/** An agent's details with its starter questions and what one can do with it. */
export function AgentDetailDialog({ app, categories, onClose, onChanged, onEdit }: Props) {
  const api = useToolboxApi();
  const dialog = useDialogWidth(600);
  const [saving, setSaving] = useState(false);
  const questions = starterQuestions(app);

  const openChat = (question?: string) => {
    const link = agentChatLink(app.code, question);
    if (!requireLogin(link)) return;
    navigateTo(link);
  };

  const toggleFavourite = async () => {
    if (!requireLogin()) return;
    setSaving(true);
    try {
      if (app.colled) {
        await api.unfavourite(app.code);
        toasts.success(t('detail.unfavourited'));
      } else {
        await api.favourite({ appName: app.appName, code: app.code, coment: app.description });
        toasts.success(t('detail.favourited'));
      }
      onChanged({ ...app, colled: app.colled ? 0 : 1 });
    } catch {
      // the request client has shown why
    } finally {
      setSaving(false);
    }
  };

  const edit = () => {
    if (onEdit) onEdit(app);
    else navigateTo(agentEditLink(app.id));
  };

  return (
    <Modal open title={null} footer={null} onCancel={onClose} width={dialog.width} style={dialog.style} destroyOnHidden>
      <div className={styles.detail} data-testid="agent-detail">
        <header className={styles.detailHead}>
          <AgentIcon src={app.appUrl} name={app.appName} size={64} />
          <div>
            <h2>{app.appName}</h2>
            <p className={styles.meta}>
              <span>{t('detail.author', { name: app.author })}</span>
              <span>{categoryName(categories, app.kind1)}</span>
              <span>{t('card.uses', { n: app.uses })}</span>
            </p>
          </div>
        </header>
        <p className={styles.detailDescription}>{app.description}</p>
        {app.mcps.length > 0 ? (
          <section className={styles.detailSection}>
            <h3>{t('detail.extensions')}</h3>
            <div className={styles.tags}>
              {app.mcps.map((name) => (
                <Tag key={name} color="purple">
                  {name}
                </Tag>
              ))}
            </div>
            <p className={styles.note}>{t('detail.extensionsNote')}</p>
          </section>
        ) : null}
        {questions.length > 0 ? (
          <section className={styles.detailSection}>
            <h3>{t('detail.questions')}</h3>
            <div className={styles.questions}>
              {questions.map((question) => (
                <button key={question} type="button" className={styles.question} onClick={() => openChat(question)}>
                  {question}
                </button>
              ))}
            </div>
          </section>
        ) : null}
        <footer className={styles.detailActions}>
          <Button type="primary" onClick={() => openChat()}>
            {t('detail.start')}
          </Button>
          <Button loading={saving} onClick={() => void toggleFavourite()}>
            {app.colled ? t('detail.favouritedButton') : t('detail.favourite')}
          </Button>
          <Button onClick={() => void copyText(agentShareLink(app.code), { message: t('detail.shareCopied') })}>{t('detail.share')}</Button>
          {app.mine ? <Button onClick={edit}>{t('detail.edit')}</Button> : null}
        </footer>
      </div>
    </Modal>
  );
}
