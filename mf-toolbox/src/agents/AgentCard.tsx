import type { KeyboardEvent, ReactNode } from 'react';
import type { AgentApp } from '@qiming/sdk/contracts';
import { Tag } from '@qiming/sdk/ui/display';
import { AgentIcon } from './AgentIcon';
import { t } from '../i18n';
import styles from './agents.module.css';

export interface CardView {
  key: string;
  icon: string | null;
  name: string;
  description: string;
  /** A line under the description (author and uses, or what the entry is). */
  meta: ReactNode;
  tags: ReactNode[];
  /** Buttons at the card's foot (my agents: 对话 / 编辑 / 删除). */
  actions?: ReactNode;
}

/** The card of an agent (square, plug-ins, my agents): author, uses and the 插件 tag when it carries extensions. */
export function agentCardView(app: AgentApp, extra: { tags?: ReactNode[]; actions?: ReactNode } = {}): CardView {
  return {
    key: app.id,
    icon: app.appUrl,
    name: app.appName,
    description: app.description,
    meta: (
      <>
        <span className={styles.author}>{app.author}</span>
        <span>{t('card.uses', { n: app.uses })}</span>
      </>
    ),
    tags: [...(app.mcps.length > 0 ? [<Tag key="plugin" color="purple">{t('card.plugin')}</Tag>] : []), ...(extra.tags ?? [])],
    actions: extra.actions,
  };
}

/** One card of a grid; the whole card opens the entry, its action buttons do their own thing. */
export function AgentCard({ view, onOpen }: { view: CardView; onOpen(): void }) {
  const onKey = (event: KeyboardEvent) => {
    if (event.target === event.currentTarget && (event.key === 'Enter' || event.key === ' ')) {
      event.preventDefault();
      onOpen();
    }
  };
  return (
    <article className={styles.card} role="button" tabIndex={0} aria-label={view.name} onClick={onOpen} onKeyDown={onKey} data-testid="agent-card">
      <header className={styles.cardHead}>
        <AgentIcon src={view.icon} name={view.name} />
        <div className={styles.cardTitle}>
          <h3>{view.name}</h3>
          {view.tags.length > 0 ? <div className={styles.tags}>{view.tags}</div> : null}
        </div>
      </header>
      <p className={styles.description}>{view.description}</p>
      <footer className={styles.meta}>{view.meta}</footer>
      {view.actions ? (
        // The buttons act on their own; a click on them must not also open the card.
        <div className={styles.actions} onClick={(event) => event.stopPropagation()} onKeyDown={(event) => event.stopPropagation()}>
          {view.actions}
        </div>
      ) : null}
    </article>
  );
}
