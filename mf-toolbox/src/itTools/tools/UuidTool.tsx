import { useMemo, useState } from 'react';
import { Button } from '@qiming/sdk/ui';
import { Checkbox, Input, InputNumber } from '@qiming/sdk/ui/form';
import { i18n } from '@qiming/sdk';
import { t } from '../i18n';
import { inspectId, makeIds, type IdKind } from '../logic/ids';
import { Choice, Output, Row } from '../parts';
import styles from '../itTools.module.css';

export default function UuidTool() {
  const [kind, setKind] = useState<IdKind>('uuid4');
  const [count, setCount] = useState(5);
  const [uppercase, setUppercase] = useState(false);
  const [noHyphens, setNoHyphens] = useState(false);
  const [ids, setIds] = useState(() => makeIds('uuid4', 5));
  const [probe, setProbe] = useState('');
  const info = useMemo(() => (probe.trim() ? inspectId(probe) : undefined), [probe]);
  const generate = (next: Partial<{ kind: IdKind; count: number; uppercase: boolean; noHyphens: boolean }> = {}) => {
    const o = { kind, count, uppercase, noHyphens, ...next };
    setIds(makeIds(o.kind, o.count, o));
  };
  const time = (d: Date) => d.toLocaleString(i18n.locale);
  return (
    <>
      <Row>
        <Choice label={t('it.uuid.kind')} value={kind} onChange={(k) => { setKind(k); generate({ kind: k }); }} options={[{ value: 'uuid4', label: 'UUID v4' }, { value: 'uuid7', label: 'UUID v7' }, { value: 'ulid', label: 'ULID' }]} />
        <label className={styles.choice}>
          <span className={styles.choiceLabel}>{t('it.uuid.count')}</span>
          <InputNumber min={1} max={500} value={count} onChange={(v) => setCount(Number(v) || 1)} aria-label={t('it.uuid.count')} />
        </label>
        {kind !== 'ulid' ? (
          <>
            <Checkbox checked={uppercase} onChange={(e) => { setUppercase(e.target.checked); generate({ uppercase: e.target.checked }); }}>
              {t('it.common.uppercase')}
            </Checkbox>
            <Checkbox checked={noHyphens} onChange={(e) => { setNoHyphens(e.target.checked); generate({ noHyphens: e.target.checked }); }}>
              {t('it.uuid.noHyphens')}
            </Checkbox>
          </>
        ) : null}
        <Button type="primary" onClick={() => generate()}>
          {t('it.common.generate')}
        </Button>
      </Row>
      <p className={styles.note}>{t(`it.uuid.about.${kind}`)}</p>
      <Output label={t('it.common.output')} value={ids.join('\n')} rows={Math.min(12, Math.max(3, ids.length))} testId="uuid-output" />
      <div className={styles.field}>
        <span className={styles.label}>{t('it.uuid.inspect')}</span>
        <Input value={probe} onChange={(e) => setProbe(e.target.value)} placeholder={t('it.uuid.inspectPlaceholder')} aria-label={t('it.uuid.inspect')} className={styles.mono} />
        {info === null ? <p role="alert" className={styles.error}>{t('it.uuid.notAnId')}</p> : null}
        {info?.kind === 'uuid' ? <p data-testid="uuid-info">{t('it.uuid.isUuid', { v: info.version })}{info.time ? ` · ${t('it.uuid.createdAt', { time: time(info.time) })}` : ''}</p> : null}
        {info?.kind === 'ulid' ? <p data-testid="uuid-info">{t('it.uuid.isUlid')} · {t('it.uuid.createdAt', { time: time(info.time) })}</p> : null}
      </div>
    </>
  );
}
