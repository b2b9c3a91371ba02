import { useParams } from 'react-router-dom';
import { navigateTo, useLoad } from '@qiming/sdk';
import { Button, Result, Spin } from '@qiming/sdk/ui';
import { formatTime } from '../history/historyGroups';
import { shareApi } from '../export/shareApi';
import { RobotIcon } from '../icons';
import { t } from '../i18n';
import { Markdown } from '../markdown/Markdown';
import { isMarkupText } from '../markdown/markupText';
import styles from './share.module.css';

/**
 * /friendsLinkPage/{convGroupId} (spec chat §2): a shared conversation, read-only, for anyone —
 * signed out too. A revoked or deleted share is gone (the server answers 404).
 */
export function SharePage() {
  const { convGroupId = '' } = useParams();
  const { data: conversation, error } = useLoad(() => shareApi.read(convGroupId), [convGroupId]);

  if (error) {
    return (
      <div data-testid="share-missing">
        <Result
        status="404"
        title={t('share.missingTitle')}
        subTitle={t('share.missing')}
          extra={<Button type="primary" onClick={() => navigateTo('/chatPage')}>{t('share.startChat')}</Button>}
        />
      </div>
    );
  }
  if (!conversation) return <Spin className={styles.loading} />;
  return (
    <article className={styles.page} data-testid="share-page">
      <header className={styles.header}>
        {conversation.icon ? <img src={conversation.icon} alt="" className={styles.icon} /> : <span className={styles.robot}><RobotIcon size={40} /></span>}
        <div>
          <h1>{conversation.title}</h1>
          <div className={styles.meta}>{t('share.meta', { model: conversation.modelName, time: conversation.sharedAt })}</div>
        </div>
        <Button type="primary" onClick={() => navigateTo(`/chatPage?model=${encodeURIComponent(conversation.model)}`)}>
          {t('share.tryModel')}
        </Button>
      </header>
      {conversation.messages.map((message, index) =>
        message.role === 'user' ? (
          <div key={index} className={styles.userRow} data-testid="share-user">
            <div className={styles.userBubble}>{isMarkupText(message.content) ? <Markdown source={message.content} /> : message.content}</div>
          </div>
        ) : (
          <section key={index} className={styles.answer} data-testid="share-answer">
            <div className={styles.meta}>
              {message.modelName} · {formatTime(message.createTime)}
            </div>
            <Markdown source={message.content} />
          </section>
        ),
      )}
      <footer className={styles.footer}>{t('share.disclaimer')}</footer>
    </article>
  );
}
