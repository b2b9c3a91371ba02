import { useId, useState } from 'react';
import type { ToolCallRecord } from '@qiming/sdk/contracts';
import { t } from '../i18n';
import { shownArguments, shownSeconds } from './toolCalls';
import styles from './extensions.module.css';

const MARK: Record<ToolCallRecord['status'], string> = { running: '', done: '✓', failed: '✗', skipped: '⚠' };

/** The one line a call reads as, by its status. */
function summaryOf(call: ToolCallRecord): string {
  const names = { name: call.showName, tool: call.tool };
  switch (call.status) {
    case 'running':
      return t('toolCalls.running', names);
    case 'done':
      return t('toolCalls.done', names);
    case 'failed':
      return t('toolCalls.failed', names);
    case 'skipped':
      return t('toolCalls.skipped', { name: call.showName, reason: call.result || t('toolCalls.skippedUnknown') });
  }
}

/** What expanding a call shows; a skipped extension's reason is its line already. */
function detailsOf(call: ToolCallRecord): { args: string; result: string } {
  return { args: call.arguments ? shownArguments(call.arguments) : '', result: call.status === 'skipped' ? '' : (call.result ?? '') };
}

function ToolCallLine({ call }: { call: ToolCallRecord }) {
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  const { args, result } = detailsOf(call);
  const expandable = args !== '' || result !== '';
  const head = (
    <>
      {call.status === 'running' ? <span className={styles.spinner} aria-hidden /> : <span className={styles.mark} aria-hidden>{MARK[call.status]}</span>}
      <span className={styles.summary}>{summaryOf(call)}</span>
      {call.status === 'done' && call.seconds !== undefined ? <small>{t('toolCalls.seconds', { seconds: shownSeconds(call.seconds) })}</small> : null}
    </>
  );
  return (
    <li className={styles[call.status]} data-testid="tool-call" data-status={call.status}>
      {expandable ? (
        <button type="button" className={styles.callHead} aria-expanded={open} aria-controls={detailsId} onClick={() => setOpen((v) => !v)}>
          {head}
          <span className={styles.caret} aria-hidden>{open ? '▴' : '▾'}</span>
        </button>
      ) : (
        <div className={styles.callHead}>{head}</div>
      )}
      {open && expandable ? (
        <div id={detailsId} className={styles.callDetails} data-testid="tool-call-details">
          {args ? (
            <>
              <div className={styles.detailsLabel}>{t('toolCalls.arguments')}</div>
              <pre>{args}</pre>
            </>
          ) : null}
          {result ? (
            <>
              <div className={styles.detailsLabel}>{t('toolCalls.result')}</div>
              <pre>{result}</pre>
            </>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}

/** The extensions' tool calls of an answer, one collapsed line each (above its text, under its thinking). */
export function ToolCalls({ calls }: { calls: readonly ToolCallRecord[] }) {
  if (calls.length === 0) return null;
  return (
    <ul className={styles.toolCalls} aria-label={t('toolCalls.label')} data-testid="tool-calls">
      {calls.map((call) => (
        <ToolCallLine key={call.id} call={call} />
      ))}
    </ul>
  );
}
