import { observer } from 'mobx-react-lite';
import { session } from '@qiming/sdk';
import { t } from '../i18n';
import { useSlidesStore } from './slidesContext';
import styles from './slides.module.css';

/** 我的演示文稿: reopen, rename, delete. */
export const DeckList = observer(function DeckList() {
  const store = useSlidesStore();
  return (
    <section className={styles.panel} aria-label={t('slides.myDecks')}>
      <h2 className={styles.panelTitle}>{t('slides.myDecks')}</h2>
      {!session.isLoggedIn ? (
        <p className={styles.muted}>{t('slides.signInForDecks')}</p>
      ) : store.decks.length === 0 ? (
        <p className={styles.muted}>{t('slides.noDecks')}</p>
      ) : (
        <ul className={styles.deckList} data-testid="slides-decks">
          {store.decks.map((deck) => (
            <li key={deck.id} className={deck.id === store.deck?.id ? styles.deckOn : styles.deck}>
              <button type="button" className={styles.deckOpen} onClick={() => void store.open(deck.id)} title={t('slides.open')}>
                <span className={styles.deckTitle}>{deck.title}</span>
                <span className={styles.muted}>{deck.statusText}</span>
              </button>
              <button type="button" className={styles.link} onClick={() => void store.rename(deck)}>
                {t('slides.rename')}
              </button>
              <button type="button" className={styles.linkDanger} onClick={() => void store.remove(deck)} disabled={deck.status === 'queued' || deck.status === 'running'}>
                {t('slides.delete')}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
});
