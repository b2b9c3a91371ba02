import { forwardRef } from 'react';
import { PersonIcon, RobotIcon } from '../icons';
import { t } from '../i18n';
import { Markdown } from '../markdown/Markdown';
import { isMarkupText } from '../markdown/markupText';
import type { ExportConversation } from './exportTypes';
// The record is drawn in this web font (its subsets load as the text needs them), so the PNG and PDF
// show real Chinese glyphs on every machine, with or without a CJK system font.
import '@fontsource/noto-sans-sc/400.css';
import styles from './export.module.css';

function ModelAvatar({ icon, size }: { icon: string | null; size: number }) {
  return icon ? (
    <img className={styles.avatar} src={icon} alt="" width={size} height={size} crossOrigin="anonymous" />
  ) : (
    <span className={styles.emoji}>
      <RobotIcon size={size} />
    </span>
  );
}

/**
 * The exported record (spec platform §2 export preview): header, the messages, footer with the
 * AI-generated notice. Drawn to PNG / PDF exactly as shown here.
 */
export const ExportDocument = forwardRef<HTMLDivElement, { conversation: ExportConversation; exportedAt: string }>(function ExportDocument(
  { conversation, exportedAt },
  ref,
) {
  const brand = t('export.brand');
  return (
    <div ref={ref} className={styles.document} data-testid="export-document">
      <header className={styles.header}>
        <ModelAvatar icon={conversation.modelIcon} size={40} />
        <div className={styles.headerText}>
          <h2>{t('export.recordTitle', { model: conversation.modelName })}</h2>
          <div className={styles.sub}>
            {brand} · {exportedAt.slice(0, 10)}
          </div>
        </div>
        <span className={styles.badge}>{conversation.badge}</span>
      </header>
      {conversation.messages.map((message, index) =>
        message.role === 'assistant' ? (
          <article key={index} className={styles.message} data-export-message="">
            <div className={styles.who}>
              <ModelAvatar icon={conversation.modelIcon} size={24} />
              <strong>{message.modelName}</strong>
              <time>{message.createTime}</time>
            </div>
            <Markdown source={message.content} />
          </article>
        ) : (
          <article key={index} className={`${styles.message} ${styles.user}`} data-export-message="">
            <div className={styles.who}>
              <span className={styles.emoji}>
                <PersonIcon size={24} />
              </span>
              <strong>{t('export.you')}</strong>
              <time>{message.createTime}</time>
            </div>
            {isMarkupText(message.content) ? <Markdown source={message.content} /> : <div className={styles.plain}>{message.content}</div>}
          </article>
        ),
      )}
      <footer className={styles.footer} data-export-message="">
        <div>
          <strong>{brand}</strong> <span className={styles.badge}>{conversation.badge}</span>
        </div>
        {conversation.description ? <p>{conversation.description}</p> : null}
        <div>{t('export.exportedAt', { time: exportedAt })}</div>
        <p className={styles.disclaimer}>{t('export.disclaimer')}</p>
      </footer>
    </div>
  );
});
