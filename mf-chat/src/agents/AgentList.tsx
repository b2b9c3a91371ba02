import type { AgentApp, FavouriteApp } from '@qiming/sdk/contracts';
import { agentIcon } from './agentOption';
import { t } from '../i18n';
import styles from './agents.module.css';

/** What one entry of the list shows (an agent, a favourite or a knowledge base). */
export interface AgentCard {
  key: string;
  name: string;
  description: string;
  icon?: string;
  /** A short mark after the name (a knowledge base's 我的 / 公开). */
  tag?: string;
  /** A line under the description, on cards only (an agent's author, a base's document count). */
  note?: string;
}

const authorNote = (author: string | undefined) => (author ? t('agents.author', { author }) : undefined);

export const cardOfAgent = (app: AgentApp): AgentCard => ({ key: app.code, name: app.appName, description: app.description, icon: agentIcon(app), note: authorNote(app.author) });

/** A favourite: the name and note the user saved, the agent's icon (or the model's, for a favourite model). */
export const cardOfFavourite = (favourite: FavouriteApp, modelIcon: (code: string) => string | undefined): AgentCard => ({
  key: favourite.code,
  name: favourite.appName,
  description: favourite.coment || favourite.app?.description || '',
  icon: favourite.app ? agentIcon(favourite.app) : (modelIcon(favourite.code) ?? agentIcon(null)),
  note: authorNote(favourite.app?.author),
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

/**
 * The one card list of the chat: the @ and / pickers' rows, the agent centre's and knowledge drawer's
 * tabs and the settings drawer's agents and knowledge tabs.
 */
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
            {card.icon ? <img src={card.icon} alt="" className={styles.icon} /> : null}
            <span className={styles.text}>
              <strong>
                {card.name}
                {card.tag ? <span className={styles.tag}>{card.tag}</span> : null}
              </strong>
              {card.description ? <small>{card.description}</small> : null}
              {card.note && layout === 'cards' ? <em>{card.note}</em> : null}
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}
