import { observer } from 'mobx-react-lite';
import { eventBus, POINTS_CODES, session } from '@qiming/sdk';
import { Button } from '@qiming/sdk/ui';
import { usePainterStore } from '../painterContext';
import { t } from '../../i18n';
import styles from '../painter.module.css';

/** What this submit costs, before it is sent: the caller's quote, or the listed price when signed out. */
const CostLine = observer(function CostLine() {
  const store = usePainterStore();
  const model = store.model;
  if (!model) return null;
  const quote = store.quote?.model === model.id ? store.quote : null;
  const cost = store.cost;
  return (
    <div className={styles.cost} data-testid="painter-cost">
      {cost !== null && quote ? (
        <span>
          {store.usesCount && store.count > 1
            ? t('painter.costPerImage', { points: cost, count: store.count, each: quote.maxCost })
            : t('painter.cost', { points: cost })}
        </span>
      ) : (
        <span>{t('painter.price', { price: model.priceText })}</span>
      )}
      {!session.isLoggedIn && <span className={styles.muted}>{t('painter.signInToPaint')}</span>}
      {quote && !quote.allowed && quote.reason && (
        <>
          <span className={styles.over}>{quote.reason}</span>
          {quote.reasonCode === POINTS_CODES.insufficient && (
            <Button size="small" type="link" onClick={() => eventBus.emit('pay:open', { reason: quote.reason ?? undefined })}>
              {t('painter.topUp')}
            </Button>
          )}
        </>
      )}
    </div>
  );
});

/** The cost line and 生成: disabled, with the reason under it, while the form cannot be sent. */
export const SubmitBar = observer(function SubmitBar() {
  const store = usePainterStore();
  const problem = store.problem;
  return (
    <div className={styles.submitBar}>
      <CostLine />
      <Button type="primary" size="large" block disabled={!!problem} loading={store.submitting} onClick={() => void store.submit()}>
        {t('painter.generate')}
      </Button>
      {problem && (
        <div className={styles.muted} data-testid="painter-problem">
          {t(problem.key, problem.vars)}
        </div>
      )}
    </div>
  );
});
