import { useDeferredValue, useMemo, useState } from 'react';
import { t } from '../i18n';
import { previewDocument, renderMarkdown } from '../logic/markdown';
import { Output, TextInput } from '../parts';
import styles from '../itTools.module.css';

export default function MarkdownTool() {
  const [input, setInput] = useState(() => t('it.markdown.sample'));
  const deferred = useDeferredValue(input);
  const html = useMemo(() => renderMarkdown(deferred), [deferred]);
  return (
    <>
      <div className={styles.two}>
        <TextInput label="Markdown" value={input} onChange={setInput} rows={16} testId="markdown-input" />
        <div className={styles.field}>
          <span className={styles.label}>{t('it.markdown.preview')}</span>
          {/* sandbox without allow-scripts: even HTML that got past the sanitiser cannot run. */}
          <iframe title={t('it.markdown.preview')} sandbox="allow-popups allow-popups-to-escape-sandbox" srcDoc={previewDocument(html)} className={styles.preview} data-testid="markdown-preview" />
        </div>
      </div>
      <Output label="HTML" value={html} rows={8} />
      <p className={styles.note}>{t('it.markdown.note')}</p>
    </>
  );
}
