import { useState, type UIEvent } from 'react';
import { observer } from 'mobx-react-lite';
import { Modal } from '@qiming/sdk/ui/feedback';
import type { HistoryStore } from './HistoryStore';
import { formatTime, groupHistory } from './historyGroups';
import styles from './chat.module.css';

interface Props {
  history: HistoryStore;
  activeId: string | null;
  onOpen(convGroupId: string): void;
  onNewChat(): void;
}

/** New conversation, and the history in today / yesterday / earlier, the next page near the bottom. */
export const Sidebar = observer(function Sidebar({ history, activeId, onOpen, onNewChat }: Props) {
  const [renaming, setRenaming] = useState<{ id: string; title: string } | null>(null);
  const onScroll = (event: UIEvent<HTMLDivElement>) => {
    const el = event.currentTarget;
    if (el.scrollHeight - el.scrollTop - el.clientHeight < 300) void history.loadMore();
  };
  return (
    <aside className={styles.sidebar} data-testid="chat-sidebar">
      <button type="button" className={styles.newChat} onClick={onNewChat} data-testid="new-chat">
        ＋ 新建对话
      </button>
      <div className={styles.historyList} onScroll={onScroll}>
        {groupHistory(history.groups, new Date()).map(({ bucket, groups }) => (
          <section key={bucket}>
            <h3 className={styles.bucket}>{bucket}</h3>
            {groups.map((group) => (
              <div key={group.convGroupId} className={group.convGroupId === activeId ? styles.historyItemActive : styles.historyItem} data-testid="history-item">
                <button type="button" className={styles.historyOpen} onClick={() => onOpen(group.convGroupId)} title={group.title}>
                  <span className={styles.historyTitle}>{group.title}</span>
                  <small>{formatTime(group.createTime)}</small>
                </button>
                <button type="button" className={styles.iconButton} aria-label="重命名" onClick={() => setRenaming({ id: group.convGroupId, title: group.title })}>
                  ✎
                </button>
                <button
                  type="button"
                  className={styles.iconButton}
                  aria-label="删除"
                  onClick={() =>
                    Modal.confirm({
                      title: '删除对话',
                      content: `确定删除「${group.title}」吗？删除后无法恢复。`,
                      okText: '删除',
                      cancelText: '取消',
                      okButtonProps: { danger: true },
                      onOk: () => history.remove(group.convGroupId).then(() => group.convGroupId === activeId && onNewChat()),
                    })
                  }
                >
                  ✕
                </button>
              </div>
            ))}
          </section>
        ))}
        {history.loading ? <div className={styles.empty}>加载中…</div> : null}
        {!history.loading && history.groups.length === 0 ? <div className={styles.empty}>还没有对话</div> : null}
      </div>
      <Modal
        open={renaming !== null}
        title="重命名对话"
        okText="确定"
        cancelText="取消"
        onCancel={() => setRenaming(null)}
        onOk={() => {
          const target = renaming!;
          setRenaming(null);
          void history.rename(target.id, target.title);
        }}
      >
        <input className={styles.renameInput} value={renaming?.title ?? ''} maxLength={100} onChange={(e) => setRenaming((r) => r && { ...r, title: e.target.value })} aria-label="对话标题" />
      </Modal>
    </aside>
  );
});
