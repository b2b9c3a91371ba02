import { lazy, Suspense, useEffect, useRef, useState, type UIEvent } from 'react';
import { observer } from 'mobx-react-lite';
import { eventBus, isAgentCode } from '@qiming/sdk';
import type { ConversationGroup } from '@qiming/sdk/contracts';
import { useAgentIcon } from '../agents/agentIcons';
import type { FavouriteModel } from './favourites';
import type { HistoryStore } from './HistoryStore';
import { confirm } from '../chat/confirm';
import { formatTime, groupHistory } from './historyGroups';
import { t } from '../i18n';
import styles from '../chat/chat.module.css';

const RenameDialog = lazy(() => import('./RenameDialog'));

interface Props {
  history: HistoryStore;
  /** The conversation the page shows (its URL names it): highlighted, and scrolled into view once listed. */
  activeId: string | null;
  onOpen(convGroupId: string): void;
  onNewChat(): void;
  /** A conversation was deleted (the page leaves it when it is the one shown). */
  onDeleted(convGroupId: string): void;
  favourites: FavouriteModel[];
  onPickModel(model: string): void;
  /** Drawn over the page (narrow screens), with a backdrop that closes it. */
  overlay: boolean;
  onClose(): void;
}

const FAVOURITES_SHOWN = 3;

/** The conversation's model or agent icon as the server stored it; an agent conversation without one looks it up by code. */
function HistoryIcon({ group }: { group: ConversationGroup }) {
  const lookUp = !group.icon && group.gptsId && isAgentCode(group.gptsId) ? group.gptsId : null;
  const icon = useAgentIcon(lookUp) ?? group.icon;
  return icon ? <img src={icon} alt="" className={styles.historyIcon} /> : null;
}

/** New conversation, and the history in today / yesterday / earlier, the next page near the bottom. */
export const Sidebar = observer(function Sidebar({ history, activeId, onOpen, onNewChat, onDeleted, favourites, onPickModel, overlay, onClose }: Props) {
  const [renaming, setRenaming] = useState<{ id: string; title: string } | null>(null);
  const list = useRef<HTMLDivElement>(null);
  // Once per conversation shown, as soon as its item is listed (a reload lists it after the page arrives).
  const scrolledTo = useRef<string | null>(null);
  const listed = history.groups.length;
  useEffect(() => {
    if (!activeId || scrolledTo.current === activeId) return;
    const item = list.current?.querySelector('[aria-current="true"]');
    if (!item) return;
    scrolledTo.current = activeId;
    item.scrollIntoView?.({ block: 'nearest' });
  }, [activeId, listed]);
  const [allFavourites, setAllFavourites] = useState(false);
  const onScroll = (event: UIEvent<HTMLDivElement>) => {
    const el = event.currentTarget;
    if (el.scrollHeight - el.scrollTop - el.clientHeight < 300) void history.loadMore();
  };
  const shownFavourites = allFavourites ? favourites : favourites.slice(0, FAVOURITES_SHOWN);
  return (
    <>
      {overlay ? <div className={styles.backdrop} onClick={onClose} aria-hidden /> : null}
      <aside className={overlay ? styles.sidebarDrawer : styles.sidebar} data-testid="chat-sidebar">
        <button type="button" className={styles.newChat} onClick={onNewChat} data-testid="new-chat">
          {t('sidebar.newChat')}
        </button>
        {favourites.length > 0 ? (
          <section className={styles.favourites} data-testid="favourite-models">
            <h3 className={styles.bucket}>{t('sidebar.favourites')}</h3>
            {shownFavourites.map((f) => (
              <button key={f.value} type="button" className={styles.favourite} onClick={() => onPickModel(f.value)}>
                <img src={f.icon} alt="" className={styles.modelIcon} />
                {f.label}
              </button>
            ))}
            {favourites.length > FAVOURITES_SHOWN ? (
              <button type="button" className={styles.linkButton} onClick={() => setAllFavourites((v) => !v)}>
                {allFavourites ? t('sidebar.fewerFavourites') : t('sidebar.moreFavourites')}
              </button>
            ) : null}
          </section>
        ) : null}
        <div className={styles.historyList} onScroll={onScroll} ref={list}>
          {groupHistory(history.groups, new Date()).map(({ bucket, groups }) => (
            <section key={bucket}>
              <h3 className={styles.bucket}>{t(`history.${bucket}`)}</h3>
              {groups.map((group) => (
                <div
                  key={group.convGroupId}
                  className={group.convGroupId === activeId ? styles.historyItemActive : styles.historyItem}
                  aria-current={group.convGroupId === activeId ? 'true' : undefined}
                  data-testid="history-item"
                >
                  <HistoryIcon group={group} />
                  <button type="button" className={styles.historyOpen} onClick={() => onOpen(group.convGroupId)} title={group.title}>
                    <span className={styles.historyTitle}>{group.title}</span>
                    <small>{formatTime(group.createTime)}</small>
                  </button>
                  <button type="button" className={styles.iconButton} aria-label={t('history.rename')} onClick={() => setRenaming({ id: group.convGroupId, title: group.title })}>
                    ✎
                  </button>
                  <button
                    type="button"
                    className={styles.iconButton}
                    aria-label={t('history.delete')}
                    onClick={() =>
                      void confirm({
                        title: t('history.deleteTitle'),
                        content: t('history.deleteConfirm', { title: group.title }),
                        okText: t('history.delete'),
                        danger: true,
                        onOk: () => history.remove(group.convGroupId).then(() => onDeleted(group.convGroupId)),
                      })
                    }
                  >
                    ✕
                  </button>
                </div>
              ))}
            </section>
          ))}
          {history.loading ? <div className={styles.empty}>{t('common.loading')}</div> : null}
          {!history.loading && history.groups.length === 0 ? <div className={styles.empty}>{t('history.empty')}</div> : null}
        </div>
        {renaming ? (
          <Suspense fallback={null}>
            <RenameDialog
              title={renaming.title}
              onCancel={() => setRenaming(null)}
              onDone={(title) => {
                const id = renaming.id;
                setRenaming(null);
                void history.rename(id, title);
              }}
            />
          </Suspense>
        ) : null}
        <div className={styles.sidebarFoot}>
          <span className={styles.footTitle}>{t('sidebar.freePoints')}</span>
          <button type="button" onClick={() => eventBus.emit('invite:open', {})}>
            {t('sidebar.invite')}
          </button>
          <button type="button" onClick={() => eventBus.emit('contact:open', {})} data-testid="contact-us">
            {t('sidebar.contact')}
          </button>
        </div>
      </aside>
    </>
  );
});
