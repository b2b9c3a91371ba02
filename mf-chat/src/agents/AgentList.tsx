import type { AgentApp, FavouriteApp } from '@qiming/sdk/contracts';
import { agentIcon } from './agentOption';
import { t } from '../i18n';
import styles from './agents.module.css';

/** What one entry of an agent list shows. */
export interface AgentCard {
  key: string;
  name: string;
  description: string;
  icon: string;
  author?: string;
}

export const cardOfAgent = (app: AgentApp): AgentCard => ({ key: app.code, name: app.appName, description: app.description, icon: agentIcon(app), author: app.author });

/** A favourite: the name and note the user saved, the agent's icon (or the model's, for a favourite model). */
export const cardOfFavourite = (favourite: FavouriteApp, modelIcon: (code: string) => string | undefined): AgentCard => ({
  key: favourite.code,
  name: favourite.appName,
  description: favourite.coment || favourite.app?.description || '',
  icon: favourite.app ? agentIcon(favourite.app) : (modelIcon(favourite.code) ?? agentIcon(null)),
  author: favourite.app?.author,
});

interface Props {
  cards: AgentCard[];
  /** Rows in the @ picker; cards in the drawers. */
  layout: 'rows' | 'cards';
  label: string;
  /** The entry the keyboard is on (the @ picker). */
  activeIndex?: number;
  onPick(index: number): void;
}

/** The one agent list of the chat: the @ picker's sections, the agent centre's tabs and the settings drawer's agents tab. */
export function AgentList({ cards, layout, label, activeIndex = -1, onPick }: Props) {
  return (
    <ul className={layout === 'rows' ? styles.rows : styles.cards} role="listbox" aria-label={label}>
      {cards.map((card, index) => (
        <li key={card.key} role="presentation">
          <button
            type="button"
            role="option"
            aria-selected={index === activeIndex}
            className={styles.card}
            // The picker's input keeps the caret (and the @query) while an entry is clicked.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => onPick(index)}
            data-testid="agent-card"
          >
            <img src={card.icon} alt="" className={styles.icon} />
            <span className={styles.text}>
              <strong>{card.name}</strong>
              {card.description ? <small>{card.description}</small> : null}
              {card.author && layout === 'cards' ? <em>{t('agents.author', { author: card.author })}</em> : null}
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}
