import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { session, user } from '@qiming/sdk';
import { t } from '../i18n';
import { CreatePanel } from './CreatePanel';
import { DeckList } from './DeckList';
import { OutlineEditor } from './OutlineEditor';
import { Presenter } from './Presenter';
import { useSlidesStore } from './slidesContext';
import { SlidesView } from './SlidesView';
import styles from './slides.module.css';

/** AI-PPT (/pptPage): new deck and the user's decks beside (phones: above) the open deck. */
export const SlidesPage = observer(function SlidesPage() {
  const store = useSlidesStore();
  const account = session.isLoggedIn ? (user.info?.username ?? '') : null;
  useEffect(() => {
    store.texts = { renamePrompt: t('slides.renamePrompt'), deleteConfirm: (title) => t('slides.deleteConfirm', { title }) };
    // Another account (or signing out): nothing of the previous one stays.
    store.syncAccount(account);
    void store.show();
    return () => store.hide();
  }, [store, account]);
  return (
    <div className={styles.page} data-testid="slides-page">
      <header className={styles.header}>
        {store.functions?.offlineDemo && (
          <span className={styles.offline} title={t('slides.offlineHint')}>
            {t('slides.offline')}
          </span>
        )}
        <p className={styles.muted}>{t('slides.intro')}</p>
      </header>
      <div className={styles.layout}>
        <aside className={styles.side}>
          <CreatePanel />
          <DeckList />
        </aside>
        <main className={styles.main}>
          {!store.deck ? <div className={styles.emptyState}>{t('slides.empty')}</div> : store.showOutline ? <OutlineEditor /> : <SlidesView />}
        </main>
      </div>
      {store.presenting && <Presenter />}
    </div>
  );
});
