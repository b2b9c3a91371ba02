import { useState } from 'react';
import { ApiError, eventBus, navigateTo, session, toasts, useLoad } from '@qiming/sdk';
import type { FeaturedConversation } from '@qiming/sdk/contracts';
import { Button, Spin } from '@qiming/sdk/ui';
import { Empty } from '@qiming/sdk/ui/display';
import { conversationPath } from '../chat/conversationUrl';
import { RobotIcon } from '../icons';
import { t } from '../i18n';
import { featuredApi, type FeaturedApi } from './featuredApi';
import styles from './featured.module.css';

/**
 * /valueChatPage (精选对话): the shared conversations ops featured, as cards that open the public
 * page; 继续对话 copies one into the user's own history and opens it in the chat (signed out: the
 * host's login confirm first).
 */
export function FeaturedPage({ api = featuredApi }: { api?: FeaturedApi }) {
  const { data, error, loading, refresh } = useLoad(() => api.list(), []);
  const [continuing, setContinuing] = useState<string | null>(null);

  const continueChat = async (card: FeaturedConversation) => {
    if (!session.isLoggedIn) {
      session.rememberReturnTo(window.location.pathname);
      eventBus.emit('auth:required', { returnTo: window.location.pathname });
      return;
    }
    setContinuing(card.convGroupId);
    try {
      const { convGroupId } = await api.continue(card.convGroupId);
      navigateTo(conversationPath(convGroupId));
    } catch (failure) {
      // An ended session is the SDK's to announce (and to send to login).
      if (!(failure instanceof ApiError && failure.kind === 'session')) {
        toasts.error(t('featured.continueFailed', { error: failure instanceof Error ? failure.message : String(failure) }));
        if (failure instanceof ApiError && failure.kind === 'business') refresh();
      }
    } finally {
      setContinuing(null);
    }
  };

  if (error) {
    return (
      <div className={styles.state} role="alert">
        {t('featured.loadFailed')} <Button onClick={refresh}>{t('featured.retry')}</Button>
      </div>
    );
  }
  if (!data) return loading ? <Spin className={styles.spin} /> : null;
  return (
    <div data-testid="featured-page">
      <p className={styles.intro}>{t('featured.intro')}</p>
      {data.length === 0 ? (
        <Empty description={t('featured.empty')} />
      ) : (
        <ul className={styles.grid}>
          {data.map((card) => (
            <li key={card.convGroupId} className={styles.card} data-testid="featured-card">
              <a href={card.path} className={styles.open} onClick={(e) => { e.preventDefault(); navigateTo(card.path); }}>
                <header className={styles.header}>
                  {card.icon ? <img src={card.icon} alt="" className={styles.icon} /> : <span className={styles.robot}><RobotIcon size={28} /></span>}
                  <div className={styles.heading}>
                    <h2 className={styles.title}>{card.title}</h2>
                    <span className={styles.meta}>
                      {card.modelName} · {t('featured.messages', { count: card.messageCount })}
                    </span>
                  </div>
                </header>
                <p className={styles.line}>
                  <b>{t('featured.question')}</b>
                  {card.excerpt.question}
                </p>
                <p className={`${styles.line} ${styles.answer}`}>
                  <b>{t('featured.answer')}</b>
                  {card.excerpt.answer}
                </p>
              </a>
              <footer className={styles.actions}>
                <Button size="small" onClick={() => navigateTo(card.path)}>
                  {t('featured.read')}
                </Button>
                <Button size="small" type="primary" loading={continuing === card.convGroupId} disabled={continuing !== null} onClick={() => void continueChat(card)} data-testid="featured-continue">
                  {t('featured.continue')}
                </Button>
              </footer>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
