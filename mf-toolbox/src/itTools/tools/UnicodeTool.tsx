import { useMemo, useState } from 'react';
import { t } from '../i18n';
import { countText, inspectUnicode } from '../logic/unicode';
import { TextInput } from '../parts';
import styles from '../itTools.module.css';

const LIMIT = 500;

export default function UnicodeTool() {
  const [text, setText] = useState('');
  const rows = useMemo(() => inspectUnicode(text, LIMIT), [text]);
  const counts = useMemo(() => countText(text), [text]);
  return (
    <>
      <TextInput label={t('it.common.input')} value={text} onChange={setText} rows={3} placeholder="你好 👋🏽 é" testId="unicode-input" />
      <p data-testid="unicode-counts">{t('it.unicode.counts', { ...counts })}</p>
      {counts.codePoints > LIMIT ? <p className={styles.note}>{t('it.unicode.limited', { n: LIMIT })}</p> : null}
      {rows.length > 0 ? (
        <div className={styles.scroll}>
          <table className={styles.table} data-testid="unicode-table">
            <thead>
              <tr>
                <th>{t('it.unicode.char')}</th>
                <th>{t('it.unicode.codePoint')}</th>
                <th>{t('it.unicode.decimal')}</th>
                <th>UTF-8</th>
                <th>UTF-16</th>
                <th>{t('it.unicode.category')}</th>
                <th>HTML / JS</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r, i) => (
                <tr key={i}>
                  <td>{/^\s$/.test(r.char) ? '␣' : r.char}</td>
                  <td>
                    <code>{r.codePoint}</code>
                  </td>
                  <td>{r.decimal}</td>
                  <td>
                    <code>{r.utf8}</code>
                  </td>
                  <td>
                    <code>{r.utf16}</code>
                  </td>
                  <td>{t(`it.unicode.cat.${r.category}` as 'it.unicode.cat.L')}</td>
                  <td>
                    <code>{r.html}</code> <code>{r.js}</code>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </>
  );
}
