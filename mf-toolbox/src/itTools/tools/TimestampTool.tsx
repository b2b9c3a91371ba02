import { useEffect, useMemo, useState } from 'react';
import { i18n } from '@qiming/sdk';
import { Button } from '@qiming/sdk/ui';
import { Input } from '@qiming/sdk/ui/form';
import { t } from '../i18n';
import { formatInZone, parseDateInZone, parseTimestamp, relativeTime } from '../logic/timestamp';
import { ErrorText, OutputLine, Row } from '../parts';
import { ownZone, ZoneSelect } from './ZoneSelect';
import styles from '../itTools.module.css';

function useNow(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

export default function TimestampTool() {
  const now = useNow();
  const [zone, setZone] = useState(ownZone);
  const [stamp, setStamp] = useState('');
  const [date, setDate] = useState('');
  const fromStamp = useMemo(() => (stamp.trim() ? parseTimestamp(stamp) : null), [stamp]);
  const fromDate = useMemo(() => (date.trim() ? parseDateInZone(date, zone) : null), [date, zone]);
  const nowInZone = formatInZone(now, zone);

  return (
    <>
      <Row>
        <ZoneSelect value={zone} onChange={setZone} />
      </Row>
      <div>
        <OutputLine label={t('it.time.nowSeconds')} value={String(Math.floor(now.getTime() / 1000))} />
        <OutputLine label={t('it.time.nowMs')} value={String(now.getTime())} />
        <OutputLine label={t('it.time.nowLocal')} value={`${nowInZone.text} (UTC${nowInZone.offset})`} />
      </div>

      <div className={styles.field}>
        <span className={styles.label}>{t('it.time.toDate')}</span>
        <Row>
          <Input value={stamp} onChange={(e) => setStamp(e.target.value)} placeholder="1700000000 / 1700000000000" aria-label={t('it.time.toDate')} className={styles.mono} style={{ maxWidth: 320 }} data-testid="timestamp-input" />
          <Button size="small" onClick={() => setStamp(String(Math.floor(Date.now() / 1000)))}>
            {t('it.time.useNow')}
          </Button>
        </Row>
        <ErrorText error={fromStamp && !fromStamp.ok ? fromStamp.error : null} />
        {fromStamp?.ok ? (
          <div>
            <p className={styles.note}>{fromStamp.value.unit === 's' ? t('it.time.readAsSeconds') : t('it.time.readAsMs')}</p>
            <OutputLine label={zone} value={formatInZone(fromStamp.value.date, zone).text} testId="timestamp-local" />
            <OutputLine label="ISO 8601" value={formatInZone(fromStamp.value.date, zone).iso} />
            <OutputLine label="UTC" value={fromStamp.value.date.toISOString()} />
            <OutputLine label={t('it.time.relative')} value={relativeTime(fromStamp.value.date, now, i18n.locale)} />
          </div>
        ) : null}
      </div>

      <div className={styles.field}>
        <span className={styles.label}>{t('it.time.toStamp', { zone })}</span>
        <Input value={date} onChange={(e) => setDate(e.target.value)} placeholder="2024-01-02 03:04:05" aria-label={t('it.time.toStampLabel')} className={styles.mono} style={{ maxWidth: 320 }} data-testid="date-input" />
        <ErrorText error={fromDate && !fromDate.ok ? fromDate.error : null} />
        {fromDate?.ok ? (
          <div>
            <OutputLine label={t('it.time.seconds')} value={String(Math.floor(fromDate.value.getTime() / 1000))} testId="date-seconds" />
            <OutputLine label={t('it.time.ms')} value={String(fromDate.value.getTime())} />
            <OutputLine label="UTC" value={fromDate.value.toISOString()} />
          </div>
        ) : null}
      </div>
    </>
  );
}
