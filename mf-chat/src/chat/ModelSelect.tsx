import { useEffect, useMemo, useRef, useState } from 'react';
import { OFFLINE_DEMO_LABEL } from '@qiming/sdk';
import type { ModelOption } from '@qiming/sdk/contracts';
import styles from './chat.module.css';

interface Props {
  options: ModelOption[];
  value: string;
  onChange(model: string): void;
}

/** The model picker card: search (搜索模型), the list with price lines; closes on an outside click. */
export function ModelSelect({ options, value, onChange }: Props) {
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const root = useRef<HTMLDivElement>(null);
  const current = options.find((option) => option.value === value);
  const shown = useMemo(() => {
    const q = query.trim().toLowerCase();
    return q ? options.filter((o) => `${o.label} ${o.value} ${o.labelText}`.toLowerCase().includes(q)) : options;
  }, [options, query]);

  useEffect(() => {
    if (!open) return;
    const close = (event: MouseEvent) => !root.current?.contains(event.target as Node) && setOpen(false);
    document.addEventListener('mousedown', close);
    return () => document.removeEventListener('mousedown', close);
  }, [open]);

  return (
    <div className={styles.modelSelect} ref={root}>
      <button type="button" className={styles.modelButton} onClick={() => setOpen((v) => !v)} aria-expanded={open} data-testid="model-select">
        {current ? <img src={current.icon} alt="" className={styles.modelIcon} /> : null}
        <span>{current?.label ?? value}</span>
        {current?.offlineDemo ? <span className={styles.offlineTag}>{OFFLINE_DEMO_LABEL}</span> : null}
        <span aria-hidden>▾</span>
      </button>
      {open ? (
        <div className={styles.modelCard} role="listbox" aria-label="选择模型">
          <input className={styles.modelSearch} placeholder="搜索模型" value={query} onChange={(e) => setQuery(e.target.value)} autoFocus />
          <ul className={styles.modelList}>
            {shown.map((option) => (
              <li key={option.value}>
                <button
                  type="button"
                  role="option"
                  aria-selected={option.value === value}
                  className={styles.modelOption}
                  onClick={() => {
                    onChange(option.value);
                    setOpen(false);
                  }}
                >
                  <img src={option.icon} alt="" className={styles.modelIcon} />
                  <span className={styles.modelOptionText}>
                    <strong>{option.label}</strong>
                    <small>{option.labelText}</small>
                  </span>
                  <span className={styles.modelPrice}>{option.modelprice}</span>
                </button>
              </li>
            ))}
            {shown.length === 0 ? <li className={styles.empty}>没有找到匹配的模型</li> : null}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
