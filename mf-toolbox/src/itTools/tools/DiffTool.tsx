import { useMemo, useState } from 'react';
import { t } from '../i18n';
import { diffStats, diffTexts, sideBySide, type DiffUnit } from '../logic/textDiff';
import { Choice, Row, TextInput } from '../parts';
import styles from '../itTools.module.css';

export default function DiffTool() {
  const [before, setBefore] = useState('');
  const [after, setAfter] = useState('');
  const [view, setView] = useState<'side' | 'inline'>('side');
  const [unit, setUnit] = useState<DiffUnit>('words');
  const inline = useMemo(() => diffTexts(before, after, view === 'side' ? 'lines' : unit), [before, after, view, unit]);
  const rows = useMemo(() => (view === 'side' ? sideBySide(before, after) : []), [before, after, view]);
  const stats = diffStats(inline);
  const same = before === after;
  return (
    <>
      <div className={styles.two}>
        <TextInput label={t('it.diff.before')} value={before} onChange={setBefore} rows={8} testId="diff-before" />
        <TextInput label={t('it.diff.after')} value={after} onChange={setAfter} rows={8} testId="diff-after" />
      </div>
      <Row>
        <Choice label={t('it.diff.view')} value={view} onChange={setView} options={[{ value: 'side', label: t('it.diff.side') }, { value: 'inline', label: t('it.diff.inline') }]} />
        {view === 'inline' ? (
          <Choice label={t('it.diff.unit')} value={unit} onChange={setUnit} options={[{ value: 'lines', label: t('it.diff.lines') }, { value: 'words', label: t('it.diff.words') }, { value: 'chars', label: t('it.diff.chars') }]} />
        ) : null}
      </Row>
      {before || after ? (
        <p data-testid="diff-summary">{same ? t('it.diff.same') : t('it.diff.summary', { added: stats.added, removed: stats.removed })}</p>
      ) : null}
      {view === 'side' && !same ? (
        <div className={styles.scroll}>
          <table className={`${styles.table} ${styles.diffTable}`} data-testid="diff-side">
            <tbody>
              {rows.map((row, i) => (
                <tr key={i}>
                  <td className={styles.lineNo}>{row.left?.n ?? ''}</td>
                  <td className={row.kind === 'same' ? undefined : row.left ? styles.removed : undefined}>{row.left?.text ?? ''}</td>
                  <td className={styles.lineNo}>{row.right?.n ?? ''}</td>
                  <td className={row.kind === 'same' ? undefined : row.right ? styles.added : undefined}>{row.right?.text ?? ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {view === 'inline' && !same ? (
        <pre className={styles.highlight} data-testid="diff-inline">
          {inline.map((p, i) =>
            p.kind === 'added' ? (
              <ins key={i} className={styles.added}>{p.text}</ins>
            ) : p.kind === 'removed' ? (
              <del key={i} className={styles.removed}>{p.text}</del>
            ) : (
              <span key={i}>{p.text}</span>
            ),
          )}
        </pre>
      ) : null}
    </>
  );
}
