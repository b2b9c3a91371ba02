import type { ReactNode } from 'react';
import { copyText } from '@qiming/sdk';
import { Button } from '@qiming/sdk/ui';
import { Input } from '@qiming/sdk/ui/form';
import { t } from './i18n';
import styles from './itTools.module.css';

export function CopyButton({ text, label }: { text: string; label?: string }) {
  return (
    <Button size="small" disabled={!text} onClick={() => void copyText(text)} aria-label={label ? t('it.common.copyWhat', { what: label }) : t('it.common.copy')}>
      {t('it.common.copy')}
    </Button>
  );
}

/** A labelled read-only result with its copy button. */
export function Output({ label, value, rows = 6, testId, mono = true }: { label: string; value: string; rows?: number; testId?: string; mono?: boolean }) {
  return (
    <div className={styles.field}>
      <div className={styles.fieldHead}>
        <span className={styles.label}>{label}</span>
        <CopyButton text={value} label={label} />
      </div>
      <Input.TextArea value={value} readOnly rows={rows} aria-label={label} data-testid={testId} className={mono ? styles.mono : undefined} />
    </div>
  );
}

/** A one-line result (a hash, a colour) with its copy button. */
export function OutputLine({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div className={styles.outputLine}>
      <span className={styles.lineLabel}>{label}</span>
      <code className={styles.lineValue} data-testid={testId}>
        {value}
      </code>
      <CopyButton text={value} label={label} />
    </div>
  );
}

/** A labelled text input area. */
export function TextInput({ label, value, onChange, rows = 6, placeholder, testId, extra }: { label: string; value: string; onChange(v: string): void; rows?: number; placeholder?: string; testId?: string; extra?: ReactNode }) {
  return (
    <div className={styles.field}>
      <div className={styles.fieldHead}>
        <span className={styles.label}>{label}</span>
        {extra}
      </div>
      <Input.TextArea value={value} onChange={(e) => onChange(e.target.value)} rows={rows} placeholder={placeholder} aria-label={label} data-testid={testId} className={styles.mono} spellCheck={false} />
    </div>
  );
}

export function ErrorText({ error }: { error: string | null | undefined }) {
  if (!error) return null;
  return (
    <p role="alert" className={styles.error} data-testid="tool-error">
      {error}
    </p>
  );
}

/** A small segmented choice (the UI kit has no Radio / Segmented): one button a value. */
export function Choice<T extends string | number>({ value, options, onChange, label }: { value: T; options: { value: NoInfer<T>; label: string }[]; onChange(v: NoInfer<T>): void; label: string }) {
  return (
    <div role="radiogroup" aria-label={label} className={styles.choice}>
      <span className={styles.choiceLabel}>{label}</span>
      {options.map((o) => (
        <Button key={String(o.value)} size="small" role="radio" aria-checked={o.value === value} type={o.value === value ? 'primary' : 'default'} onClick={() => onChange(o.value)}>
          {o.label}
        </Button>
      ))}
    </div>
  );
}

export function Row({ children }: { children: ReactNode }) {
  return <div className={styles.row}>{children}</div>;
}
