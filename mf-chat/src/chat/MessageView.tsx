import { useEffect, useRef, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { copyText, settings } from '@qiming/sdk';
import type { Reference } from '@qiming/sdk/contracts';
import type { BranchMessage } from './branch';
import type { ChatStore } from './ChatStore';
import type { ProgressStep } from './liveAnswer';
import { renderedText } from '../export/copyAnswer';
import { formatTime } from '../history/historyGroups';
import { t } from '../i18n';
import { LazyMarkdown } from '../markdown/LazyMarkdown';
import { isMarkupText } from '../markdown/markupText';
import { ReadAloud } from '../voice/ReadAloud';
import { InAppLink } from './InAppLink';
import { KNOWLEDGE_PAGE_PATH } from '../knowledge/selectedKnowledge';
import { shownText } from './longText';
import { ToolCalls } from '../extensions/ToolCalls';
import styles from './chat.module.css';

/** The 显示全部 / 收起 toggle under a message cut at 2000 characters (`longText.ts`). */
function useLongText(text: string, startExpanded: boolean) {
  const [expanded, setExpanded] = useState(startExpanded);
  const shown = shownText(text, expanded);
  const toggle = shown.long ? (
    <button type="button" className={styles.linkButton} onClick={() => setExpanded((v) => !v)} data-testid="long-toggle">
      {expanded ? t('message.collapse') : t('message.showAll')}
    </button>
  ) : null;
  return { shown: shown.text, toggle };
}

/**
 * An answer rendered as markdown, cut at 2000 characters with 显示全部 / 收起; `bodyRef` is the
 * shown answer (what 复制 copies). The same element while it streams and once it is saved, so the
 * blocks already drawn stay as they are.
 */
function LongText({ text, bodyRef, startFull = false, streaming = false }: { text: string; bodyRef?: React.Ref<HTMLDivElement>; startFull?: boolean; streaming?: boolean }) {
  const { shown, toggle } = useLongText(text, startFull);
  return (
    <div className={styles.answer}>
      <div ref={bodyRef}>
        <LazyMarkdown source={shown} streaming={streaming} />
      </div>
      {toggle}
    </div>
  );
}

/** spec chat §5: a question starting with [ or ![ is rendered markup, anything else plain text; cut at 2000 characters too. */
function UserText({ text }: { text: string }) {
  const { shown, toggle } = useLongText(text, false);
  return (
    <div className={styles.userBubble}>
      {isMarkupText(text) ? <LazyMarkdown className={styles.userMarkup} source={shown} /> : shown}
      {toggle ? <div>{toggle}</div> : null}
    </div>
  );
}

/** Seconds since a step started, ticking while it is waited on. */
function useNow(active: boolean): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [active]);
  return now;
}

/** The progress checklist: ✓ with its duration when done, the waited-on step with its elapsed seconds. */
const ProgressChecklist = observer(function ProgressChecklist({ steps }: { steps: ProgressStep[] }) {
  const waiting = steps.some((step) => step.doneAt === null);
  const now = useNow(waiting);
  if (steps.length === 0) return null;
  return (
    <ul className={styles.checklist} data-testid="progress-checklist">
      {steps.map((step) => {
        const seconds = Math.max(0, Math.round(((step.doneAt ?? now) - step.startedAt) / 1000));
        return (
          <li key={`${step.text}-${step.startedAt}`} className={step.doneAt === null ? styles.stepWaiting : styles.stepDone}>
            <span aria-hidden>{step.doneAt === null ? '◌' : '✓'}</span> {step.text}
            <small>{step.doneAt === null ? t('progress.waited', { seconds }) : t('progress.took', { seconds })}</small>
          </li>
        );
      })}
    </ul>
  );
});

/** The thinking block: 思考中... while the model thinks, 已深度思考 after; toggles open and closed. */
function ThinkBlock({ text, thinking }: { text: string; thinking: boolean }) {
  const [open, setOpen] = useState(true);
  if (!text) return null;
  return (
    <div className={styles.think} data-testid="think-block">
      <button type="button" className={styles.thinkToggle} onClick={() => setOpen((v) => !v)} aria-expanded={open}>
        {thinking ? t('message.thinking') : t('message.thought')} {open ? '▴' : '▾'}
      </button>
      {open ? <div className={styles.thinkText}>{text}</div> : null}
    </div>
  );
}

/** A citation opening a passage of a knowledge base (`knowledgePassageUrl`): a page of the site. */
const isKnowledgePassage = (url: string) => url === KNOWLEDGE_PAGE_PATH || url.startsWith(`${KNOWLEDGE_PAGE_PATH}?`);
/** Web addresses (a reference is data from the model or a search upstream: nothing else is opened as given). */
const isWebUrl = (url: string) => /^https?:\/\//i.test(url);

function ReferenceBody({ reference, showUrl }: { reference: Reference; showUrl: boolean }) {
  return (
    <>
      <strong>
        [{reference.id}] {reference.title}
      </strong>
      {showUrl ? <small>{reference.url}</small> : null}
      {reference.abstract ? <span>{reference.abstract}</span> : null}
    </>
  );
}

/**
 * The answer's sources: a web page opens in a new tab; a knowledge passage opens the knowledge page
 * in the site (no reload; a new tab on middle or ctrl click); anything else is shown unlinked.
 */
export function References({ list }: { list: Reference[] }) {
  if (list.length === 0) return null;
  return (
    <div className={styles.references} data-testid="references">
      {list.map((reference) => {
        const key = `${reference.id}-${reference.url}`;
        if (isKnowledgePassage(reference.url)) {
          return (
            <InAppLink key={key} href={reference.url} className={styles.reference} testId="reference">
              <ReferenceBody reference={reference} showUrl={false} />
            </InAppLink>
          );
        }
        return (
          <a key={key} className={styles.reference} href={isWebUrl(reference.url) ? reference.url : undefined} target="_blank" rel="noreferrer noopener" data-testid="reference">
            <ReferenceBody reference={reference} showUrl />
          </a>
        );
      })}
    </div>
  );
}

function VersionSwitch({ store, message }: { store: ChatStore; message: BranchMessage }) {
  if (message.chatLen <= 1) return null;
  return (
    <span className={styles.versions} data-testid="version-switch">
      {message.curIndex > 1 ? (
        <button type="button" aria-label={t('message.previousVersion')} onClick={() => void store.switchVersion(message.node.convId, -1)}>
          ‹
        </button>
      ) : null}
      <span>
        {message.curIndex}/{message.chatLen}
      </span>
      {message.curIndex < message.chatLen ? (
        <button type="button" aria-label={t('message.nextVersion')} onClick={() => void store.switchVersion(message.node.convId, 1)}>
          ›
        </button>
      ) : null}
    </span>
  );
}

interface MessageProps {
  store: ChatStore;
  message: BranchMessage;
  /** The answer being generated: shown from the store's live answer. */
  live?: boolean;
  isLast: boolean;
  onFollowUp(question: string): void;
  onExport(): void;
  /** The answer's model as people know it (the catalogue's label). */
  modelName: string;
}

/**
 * One message: a question (copy, edit, versions) or an answer (thinking, references, actions,
 * follow-ups). The answer being generated is the same view over the live answer (with its
 * progress checklist, without actions), so completing it changes what it shows, not the view.
 */
export const MessageView = observer(function MessageView({ store, message, live: isLive = false, isLast, onFollowUp, onExport, modelName }: MessageProps) {
  const [editing, setEditing] = useState<string | null>(null);
  const body = useRef<HTMLDivElement>(null);
  const item = message.node.chatContent[0]!;
  if (item.role === 'user') {
    return (
      <div className={styles.userRow} data-testid="message-user">
        {editing === null ? (
          <>
            <UserText text={item.content} />
            <div className={styles.actions}>
              <button type="button" onClick={() => void copyText(item.content)}>{t('message.copy')}</button>
              <button type="button" onClick={() => setEditing(item.content)} disabled={store.busy}>{t('message.edit')}</button>
              <VersionSwitch store={store} message={message} />
            </div>
          </>
        ) : (
          <div className={styles.editBox}>
            <textarea value={editing} onChange={(e) => setEditing(e.target.value)} rows={3} aria-label={t('message.editLabel')} />
            <div className={styles.actions}>
              <button type="button" onClick={() => setEditing(null)}>{t('common.cancel')}</button>
              <button
                type="button"
                className={styles.primary}
                onClick={() => {
                  const text = editing;
                  setEditing(null);
                  void store.edit(message.node.convId, text);
                }}
              >
                {t('message.submit')}
              </button>
            </div>
          </div>
        )}
      </div>
    );
  }
  const live = isLive ? store.live : null;
  const failed = message.node.status === 'failed';
  const text = live ? live.text : item.content;
  return (
    <div className={styles.assistantRow} data-testid={live ? 'message-live' : 'message-assistant'}>
      <div className={styles.meta} data-testid="answer-meta">
        {modelName} · {formatTime(message.node.createTime)}
        {message.node.offlineDemo ? <span className={styles.offlineTag}>{t('models.offlineDemo')}</span> : null}
        {message.node.knowledgeId ? (
          <span className={styles.knowledgeTag} data-testid="answer-knowledge">
            {message.node.knowledgeName ? t('knowledge.answeredFrom', { name: message.node.knowledgeName }) : t('knowledge.unnamed')}
          </span>
        ) : null}
      </div>
      <ThinkBlock text={live ? live.reasoning : (item.reasoning ?? '')} thinking={live?.thinking ?? false} />
      <ToolCalls calls={live ? live.toolCalls : (item.toolCalls ?? [])} />
      {live ? <ProgressChecklist steps={live.steps} /> : null}
      <References list={live ? live.references : (item.references ?? [])} />
      {text ? (
        <LongText text={text} bodyRef={body} startFull={live !== null || message.node.convId === store.lastStreamedId} streaming={live !== null} />
      ) : live?.waitText ? (
        <div className={styles.waiting}>{live.waitText}</div>
      ) : null}
      {failed ? <div className={styles.errorText}>{message.node.error || t('chat.failedReply')}</div> : null}
      {live ? null : (
        <div className={styles.actions}>
          <button type="button" onClick={() => void copyText(body.current ? renderedText(body.current, settings.gptConfig.useCopyTable) : item.content)}>
            {t('message.copy')}
          </button>
          <button type="button" onClick={() => void copyText(item.content)} data-testid="copy-markdown">
            {t('message.copyMarkdown')}
          </button>
          {item.content ? <ReadAloud text={item.content} /> : null}
          <button type="button" onClick={onExport} data-testid="export-open">
            {t('message.export')}
          </button>
          {isLast && !store.busy ? (
            <button type="button" onClick={() => void store.regenerate()} data-testid="regenerate">
              {t('chat.regenerate')}
            </button>
          ) : null}
          <VersionSwitch store={store} message={message} />
        </div>
      )}
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
