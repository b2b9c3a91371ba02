import { useState } from 'react';
import { observer } from 'mobx-react-lite';
import { copyText, OFFLINE_DEMO_LABEL } from '@qiming/sdk';
import type { Reference } from '@qiming/sdk/contracts';
import type { BranchMessage } from './branch';
import { FAILED_REPLY, type ChatStore, type LiveAnswer } from './ChatStore';
import { formatTime } from './historyGroups';
import styles from './chat.module.css';

const LONG_MESSAGE = 2000;

/** Text cut at 2000 characters with 显示全部 / 收起. */
function LongText({ text }: { text: string }) {
  const [full, setFull] = useState(false);
  if (text.length <= LONG_MESSAGE) return <div className={styles.text}>{text}</div>;
  return (
    <div className={styles.text}>
      {full ? text : `${text.slice(0, LONG_MESSAGE)}…`}
      <button type="button" className={styles.linkButton} onClick={() => setFull((v) => !v)}>
        {full ? '收起' : '显示全部'}
      </button>
    </div>
  );
}

/** The thinking block: 思考中... while the model thinks, 已深度思考 after; toggles open and closed. */
function ThinkBlock({ text, thinking }: { text: string; thinking: boolean }) {
  const [open, setOpen] = useState(true);
  if (!text) return null;
  return (
    <div className={styles.think} data-testid="think-block">
      <button type="button" className={styles.thinkToggle} onClick={() => setOpen((v) => !v)} aria-expanded={open}>
        {thinking ? '思考中...' : '已深度思考'} {open ? '▴' : '▾'}
      </button>
      {open ? <div className={styles.thinkText}>{text}</div> : null}
    </div>
  );
}

function References({ list }: { list: Reference[] }) {
  if (list.length === 0) return null;
  return (
    <div className={styles.references} data-testid="references">
      {list.map((reference) => (
        <a key={`${reference.id}-${reference.url}`} className={styles.reference} href={reference.url} target="_blank" rel="noreferrer noopener">
          <strong>
            [{reference.id}] {reference.title}
          </strong>
          <small>{reference.url}</small>
          {reference.abstract ? <span>{reference.abstract}</span> : null}
        </a>
      ))}
    </div>
  );
}

function VersionSwitch({ store, message }: { store: ChatStore; message: BranchMessage }) {
  if (message.chatLen <= 1) return null;
  return (
    <span className={styles.versions} data-testid="version-switch">
      {message.curIndex > 1 ? (
        <button type="button" aria-label="上一个版本" onClick={() => store.switchVersion(message.node.convId, -1)}>
          ‹
        </button>
      ) : null}
      <span>
        {message.curIndex}/{message.chatLen}
      </span>
      {message.curIndex < message.chatLen ? (
        <button type="button" aria-label="下一个版本" onClick={() => store.switchVersion(message.node.convId, 1)}>
          ›
        </button>
      ) : null}
    </span>
  );
}

interface MessageProps {
  store: ChatStore;
  message: BranchMessage;
  isLast: boolean;
  onFollowUp(question: string): void;
}

/** One saved message: a question (copy, edit, versions) or an answer (thinking, references, actions, follow-ups). */
export const MessageView = observer(function MessageView({ store, message, isLast, onFollowUp }: MessageProps) {
  const [editing, setEditing] = useState<string | null>(null);
  const item = message.node.chatContent[0]!;
  if (item.role === 'user') {
    return (
      <div className={styles.userRow} data-testid="message-user">
        {editing === null ? (
          <>
            <div className={styles.userBubble}>{item.content}</div>
            <div className={styles.actions}>
              <button type="button" onClick={() => void copyText(item.content)}>复制</button>
              <button type="button" onClick={() => setEditing(item.content)} disabled={store.busy}>编辑</button>
              <VersionSwitch store={store} message={message} />
            </div>
          </>
        ) : (
          <div className={styles.editBox}>
            <textarea value={editing} onChange={(e) => setEditing(e.target.value)} rows={3} aria-label="编辑问题" />
            <div className={styles.actions}>
              <button type="button" onClick={() => setEditing(null)}>取消</button>
              <button
                type="button"
                className={styles.primary}
                onClick={() => {
                  const text = editing;
                  setEditing(null);
                  void store.edit(message.node.convId, text);
                }}
              >
                提交
              </button>
            </div>
          </div>
        )}
      </div>
    );
  }
  const failed = message.node.status === 'failed';
  return (
    <div className={styles.assistantRow} data-testid="message-assistant">
      <div className={styles.meta}>
        {message.node.modelName} · {formatTime(message.node.createTime)}
        {message.node.offlineDemo ? <span className={styles.offlineTag}>{OFFLINE_DEMO_LABEL}</span> : null}
      </div>
      <ThinkBlock text={item.reasoning ?? ''} thinking={false} />
      <References list={item.references ?? []} />
      {item.content ? <LongText text={item.content} /> : null}
      {failed ? <div className={styles.errorText}>{message.node.error || FAILED_REPLY}</div> : null}
      <div className={styles.actions}>
        <button type="button" onClick={() => void copyText(item.content)}>复制</button>
        {isLast && !store.busy ? (
          <button type="button" onClick={() => void store.regenerate()} data-testid="regenerate">
            重新生成
          </button>
        ) : null}
        <VersionSwitch store={store} message={message} />
      </div>
      {isLast && !store.busy && (item.followUps?.length ?? 0) > 0 ? (
        <div className={styles.followUps} data-testid="follow-ups">
          {item.followUps!.map((question) => (
            <button type="button" key={question} onClick={() => onFollowUp(question)}>
              {question}
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
});

/** The answer being generated (and its question, when new). */
export const LiveView = observer(function LiveView({ live, modelName }: { live: LiveAnswer; modelName: string }) {
  return (
    <>
      {live.question !== null ? (
        <div className={styles.userRow} data-testid="message-user">
          <div className={styles.userBubble}>{live.question}</div>
        </div>
      ) : null}
      <div className={styles.assistantRow} data-testid="message-live">
        <div className={styles.meta}>{modelName}</div>
        <ThinkBlock text={live.reasoning} thinking={live.thinking} />
        <References list={live.references} />
        {live.text ? <div className={styles.text}>{live.text}</div> : <div className={styles.waiting}>{live.waitText || '正在生成…'}</div>}
        {live.text && live.waitText ? <div className={styles.progress}>{live.waitText}</div> : null}
      </div>
    </>
  );
});
