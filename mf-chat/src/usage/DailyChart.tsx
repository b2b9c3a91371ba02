import type { UsageDaily } from '@qiming/sdk/contracts';
import { t } from '../i18n';
import { dailyBars, labelledDays } from './dailyBars';
import styles from './usage.module.css';

const WIDTH = 720;
const HEIGHT = 140;
const LABEL_SPACE = 18;

/** Points spent per day: one SVG bar a day (no chart library), the day's total in its tooltip. */
export function DailyChart({ daily }: { daily: UsageDaily }) {
  const { bars, max } = dailyBars(daily.days);
  const slot = WIDTH / Math.max(bars.length, 1);
  const labelled = labelledDays(bars.length);
  return (
    <section className={styles.chart} data-testid="usage-chart" aria-label={t('usage.chartTitle')}>
      <header className={styles.chartHeader}>
        <strong>{t('usage.chartTitle')}</strong>
        <span data-testid="usage-chart-total">{max > 0 ? t('usage.chartTotal', { total: daily.total }) : t('usage.chartEmpty')}</span>
      </header>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT + LABEL_SPACE}`} className={styles.chartSvg} role="img" preserveAspectRatio="none">
        <line x1={0} x2={WIDTH} y1={HEIGHT} y2={HEIGHT} className={styles.axis} />
        {bars.map((bar, index) => {
          const height = bar.total > 0 ? Math.max(2, bar.height * (HEIGHT - 8)) : 0;
          return (
            <g key={bar.day} data-testid="usage-bar" data-day={bar.day} data-total={bar.total}>
              <title>{t('usage.chartBar', { day: bar.day, total: bar.total })}</title>
              {/* The whole slot takes the hover, so a day without charges still tells its total. */}
              <rect x={index * slot} y={0} width={slot} height={HEIGHT} fill="transparent" />
              <rect x={index * slot + slot * 0.15} y={HEIGHT - height} width={slot * 0.7} height={height} rx={Math.min(3, slot * 0.2)} className={styles.bar} />
              {labelled.has(index) ? (
                <text x={index * slot + slot / 2} y={HEIGHT + 13} textAnchor="middle" className={styles.axisLabel}>
                  {bar.day.slice(5)}
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
    </section>
  );
}
