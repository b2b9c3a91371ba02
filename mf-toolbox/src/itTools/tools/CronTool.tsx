import { useMemo, useState } from 'react';
import { i18n } from '@qiming/sdk';
import { Button } from '@qiming/sdk/ui';
import { Input } from '@qiming/sdk/ui/form';
import { t } from '../i18n';
import { CRON_EXAMPLES, explainCron } from '../logic/cron';
import { formatInZone } from '../logic/timestamp';
import { ErrorText, Row } from '../parts';
import { ownZone, ZoneSelect } from './ZoneSelect';
import styles from '../itTools.module.css';

export default function CronTool() {
  const [expression, setExpression] = useState('0 9 * * 1-5');
  const [zone, setZone] = useState(ownZone);
  const result = useMemo(() => explainCron(expression, { timeZone: zone, count: 8, locale: i18n.locale }), [expression, zone]);
  return (
    <>
      <div className={styles.field}>
        <span className={styles.label}>{t('it.cron.expression')}</span>
        <Input value={expression} onChange={(e) => setExpression(e.target.value)} aria-label={t('it.cron.expression')} className={styles.mono} data-testid="cron-input" />
        <p className={styles.note}>{t('it.cron.fields')}</p>
      </div>
      <Row>
        {CRON_EXAMPLES.map((example) => (
          <Button key={example} size="small" onClick={() => setExpression(example)}>
            <code>{example}</code>
          </Button>
        ))}
      </Row>
      <Row>
        <ZoneSelect value={zone} onChange={setZone} />
      </Row>
      <ErrorText error={result.ok ? null : result.error} />
      {result.ok ? (
        <>
          <p className={styles.big} data-testid="cron-description">
            {result.value.description}
          </p>
          <div className={styles.field}>
            <span className={styles.label}>{t('it.cron.next', { zone })}</span>
            {result.value.next.length === 0 ? <p className={styles.note}>{t('it.cron.never')}</p> : null}
            <ol data-testid="cron-next">
              {result.value.next.map((d) => (
                <li key={d.getTime()}>
                  <code>{formatInZone(d, zone).text}</code>
                </li>
              ))}
            </ol>
          </div>
        </>
      ) : null}
    </>
  );
}
