import { useMemo, useState } from 'react';
import { Checkbox, Input } from '@qiming/sdk/ui/form';
import { t } from '../i18n';
import { MAX_MATCHES, replaceAll, runRegex, segments } from '../logic/regex';
import { ErrorText, Output, Row, TextInput } from '../parts';
import styles from '../itTools.module.css';

const FLAGS = ['g', 'i', 'm', 's', 'u', 'y'] as const;

export default function RegexTool() {
  const [pattern, setPattern] = useState('');
  const [flags, setFlags] = useState('g');
  const [text, setText] = useState('');
  const [replacement, setReplacement] = useState('');
  const result = useMemo(() => (pattern ? runRegex(pattern, flags, text) : null), [pattern, flags, text]);
  const replaced = useMemo(() => (pattern && replacement ? replaceAll(pattern, flags, text, replacement) : null), [pattern, flags, text, replacement]);
  const toggleFlag = (f: string, on: boolean) => setFlags((cur) => FLAGS.filter((x) => (x === f ? on : cur.includes(x))).join(''));
  return (
    <>
      <div className={styles.field}>
        <span className={styles.label}>{t('it.regex.pattern')}</span>
        <Input addonBefore="/" addonAfter={`/${flags}`} value={pattern} onChange={(e) => setPattern(e.target.value)} aria-label={t('it.regex.pattern')} className={styles.mono} data-testid="regex-pattern" />
      </div>
      <Row>
        {FLAGS.map((f) => (
          <Checkbox key={f} checked={flags.includes(f)} onChange={(e) => toggleFlag(f, e.target.checked)}>
            <code>{f}</code> {t(`it.regex.flag.${f}`)}
          </Checkbox>
        ))}
      </Row>
      <TextInput label={t('it.regex.text')} value={text} onChange={setText} testId="regex-text" />
      <ErrorText error={result && !result.ok ? result.error : null} />
      {result?.ok ? (
        <>
          <p data-testid="regex-count">{result.value.capped ? t('it.regex.capped', { n: MAX_MATCHES }) : t('it.regex.count', { n: result.value.matches.length })}</p>
          <pre className={styles.highlight} data-testid="regex-highlight">
            {segments(text, result.value.matches).map((s, i) =>
              s.match === null ? <span key={i}>{s.text}</span> : <mark key={i} className={s.match % 2 ? styles.hitAlt : styles.hit}>{s.text}</mark>,
            )}
          </pre>
          {result.value.matches.length > 0 ? (
            <div className={styles.scroll}>
              <table className={styles.table}>
                <thead>
                  <tr>
                    <th>#</th>
                    <th>{t('it.regex.match')}</th>
                    <th>{t('it.regex.position')}</th>
                    <th>{t('it.regex.groups')}</th>
                  </tr>
                </thead>
                <tbody>
                  {result.value.matches.slice(0, 200).map((m, i) => (
                    <tr key={i}>
                      <td>{i + 1}</td>
                      <td>
                        <code>{m.text}</code>
                      </td>
                      <td>
                        {m.index}–{m.end}
                      </td>
                      <td>
                        {m.groups.map((g, k) => (
                          <div key={k}>
                            ${k + 1}: <code>{g ?? t('it.regex.unmatched')}</code>
                          </div>
                        ))}
                        {Object.entries(m.named).map(([name, g]) => (
                          <div key={name}>
                            {name}: <code>{g ?? t('it.regex.unmatched')}</code>
                          </div>
                        ))}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : null}
        </>
      ) : null}
      <div className={styles.field}>
        <span className={styles.label}>{t('it.regex.replacement')}</span>
        <Input value={replacement} onChange={(e) => setReplacement(e.target.value)} placeholder={t('it.regex.replacementPlaceholder')} aria-label={t('it.regex.replacement')} className={styles.mono} />
      </div>
      {replaced?.ok ? <Output label={t('it.regex.replaced')} value={replaced.value} /> : null}
    </>
  );
}
