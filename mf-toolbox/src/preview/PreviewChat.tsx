import { useEffect, useMemo, useRef, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { Button } from '@qiming/sdk/ui';
import { Input } from '@qiming/sdk/ui/form';
import { useToolboxApi } from '../api/toolboxApi';
import { AgentIcon } from '../agents/AgentIcon';
import { requireLogin } from '../agents/login';
import { PreviewSession } from './PreviewSession';
import { t } from '../i18n';
import styles from '../editor/editor.module.css';

interface Props {
  name: string;
  icon: string | null;
  systemPrompt: string;
  questions: string[];
  /** The preview model's label and price line from the catalogue (absent while it loads). */
  modelLabel: string;
  price: string | null;
}

/** 预览: chat with the unsaved draft (its current prompt goes with every message). */
export const PreviewChat = observer(function PreviewChat({ name, icon, systemPrompt, questions, modelLabel, price }: Props) {
  const api = useToolboxApi();
  const session = useMemo(() => new PreviewSession(api), [api]);
  const [text, setText] = useState('');
  const list = useRef<HTMLDivElement>(null);

  useEffect(() => () => void session.discard(), [session]);
  const last = session.messages[session.messages.length - 1];
  useEffect(() => {
    list.current?.scrollTo?.({ top: list.current.scrollHeight });
  }, [session.messages.length, last?.text]);

  const send = (value: string) => {
    if (!value.trim() || session.streaming) return;
    if (!requireLogin()) return;
    setText('');
    void session.send(value, systemPrompt, { failed: (message) => t('preview.failed', { message }), stopped: t('preview.stopped') });
  };

  const title = name.trim() || t('preview.untitled');
  return (
    <section className={styles.preview} aria-label={t('preview.title')} data-testid="preview-chat">
      <header className={styles.previewHead}>
        <strong>{t('preview.title')}</strong>
        <Button size="small" disabled={session.messages.length === 0} onClick={() => void session.discard()}>
          {t('preview.reset')}
        </Button>
      </header>
      <p className={styles.note}>{price ? t('preview.note', { model: modelLabel, price }) : t('preview.noteNoPrice', { model: modelLabel })}</p>
      <div className={styles.previewList} ref={list}>
        {session.messages.length === 0 ? (
          <div className={styles.previewWelcome}>
            <AgentIcon src={icon} name={title} size={56} />
            <strong>{title}</strong>
            {questions.map((question) => (
              <button key={question} type="button" className={styles.previewQuestion} onClick={() => send(question)}>
                {question}
              </button>
            ))}
          </div>
        ) : (
          session.messages.map((message) => (
            <div key={message.id} className={message.role === 'user' ? styles.userBubble : message.failed ? styles.failedBubble : styles.answerBubble} data-testid={`preview-${message.role}`}>
              {message.text || (message.role === 'assistant' ? t('preview.thinking') : '')}
            </div>
          ))
        )}
      </div>
      <div className={styles.previewComposer}>
        <Input.TextArea
          value={text}
          autoSize={{ minRows: 1, maxRows: 4 }}
          placeholder={t('preview.placeholder')}
          aria-label={t('preview.placeholder')}
          onChange={(event) => setText(event.target.value)}
          onPressEnter={(event) => {
            if (event.shiftKey) return;
            event.preventDefault();
            send(text);
          }}
        />
        {session.streaming ? (
          <Button onClick={() => void session.stopAnswer()}>{t('preview.stop')}</Button>
        ) : (
          <Button type="primary" disabled={!text.trim()} onClick={() => send(text)}>
            {t('preview.send')}
          </Button>
        )}
      </div>
    </section>
  );
});
