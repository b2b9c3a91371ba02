import type { PaperCheck, PaperLevel, PaperParagraphScore, PaperReport } from '@qiming/sdk/contracts';
import { t } from '../i18n';
import styles from './paper.module.css';

const LEVEL_CLASS: Record<PaperLevel, string | undefined> = { low: styles.low, medium: styles.medium, high: styles.high };
const levelText = (level: PaperLevel) => t(`paper.report.level.${level}`);

/** The paragraph's text with its highlighted passages marked (the reason as the mark's title). */
export function HighlightedText({ paragraph }: { paragraph: Pick<PaperParagraphScore, 'text' | 'spans'> }) {
  const parts: Array<{ text: string; reason?: string }> = [];
  let at = 0;
  for (const span of [...paragraph.spans].sort((a, b) => a.start - b.start)) {
    if (span.start < at || span.end > paragraph.text.length) continue;
    if (span.start > at) parts.push({ text: paragraph.text.slice(at, span.start) });
    parts.push({ text: paragraph.text.slice(span.start, span.end), reason: span.reason });
    at = span.end;
  }
  if (at < paragraph.text.length) parts.push({ text: paragraph.text.slice(at) });
  return (
    <p className={styles.paragraphText}>
      {parts.map((part, i) =>
        part.reason ? (
          <mark key={i} title={part.reason} className={styles.mark}>
            {part.text}
          </mark>
        ) : (
          <span key={i}>{part.text}</span>
        ),
      )}
    </p>
  );
}

function methodText(report: PaperReport): string {
  return report.method === 'llm' ? t('paper.report.method.llm', { model: report.model ?? '' }) : t('paper.report.method.statistical', { set: report.featureSet });
}

/** A finished check's report: the overall share with its level, how it was reached, the features, each paragraph. */
export function ReportView({ check, report }: { check: PaperCheck; report: PaperReport }) {
  const detector = check.detector === 'v2' ? t('paper.detector.v2') : t('paper.detector.standard');
  return (
    <div className={styles.report} data-testid="paper-report">
      <div className={styles.summary}>
        <div className={`${styles.gauge} ${LEVEL_CLASS[report.level]}`} data-testid="paper-overall" style={{ ['--share' as string]: `${report.overall}%` }}>
          <div className={styles.gaugeInner}>
            <strong>{report.overall}%</strong>
            <span>{t('paper.report.overall')}</span>
          </div>
        </div>
        <dl className={styles.meta}>
          <div>
            <dt>{check.documentName}</dt>
            <dd className={LEVEL_CLASS[report.level]} data-testid="paper-level">
              {t('paper.report.levelText', { level: levelText(report.level) })}
            </dd>
          </div>
          <div>
            <dt>{t('paper.report.detector')}</dt>
            <dd>
              {detector} · {methodText(report)}
            </dd>
          </div>
          {report.fallbacks > 0 && <div className={styles.muted}>{t('paper.report.fallbacks', { n: report.fallbacks })}</div>}
          <div>
            <dt>{t('paper.report.time')}</dt>
            <dd>{new Date(report.checkedAt).toLocaleString('zh-CN', { hour12: false })}</dd>
          </div>
        </dl>
      </div>

      <section>
        <h3 className={styles.sectionTitle}>{t('paper.report.features')}</h3>
        <ul className={styles.features}>
          {report.features.map((feature) => (
            <li key={feature.id}>
              <span>{t(`paper.report.feature.${feature.id}` as 'paper.report.feature.uniformity')}</span>
              <span className={styles.bar}>
                <span style={{ width: `${Math.round(feature.value * 100)}%` }} />
              </span>
              <span className={styles.muted}>
                {feature.value.toFixed(2)} · {t('paper.report.weight', { weight: feature.weight })}
              </span>
            </li>
          ))}
        </ul>
      </section>

      <section>
        <h3 className={styles.sectionTitle}>{t('paper.report.paragraphs', { n: report.paragraphs.length, skipped: report.skipped })}</h3>
        <ol className={styles.paragraphs}>
          {report.paragraphs.map((paragraph) => (
            <li key={paragraph.index} className={styles.paragraph} data-testid="paper-paragraph" data-level={paragraph.level}>
              <div className={styles.paragraphHead}>
                <span>{t('paper.report.paragraph', { n: paragraph.index + 1 })}</span>
                <span className={`${styles.badge} ${LEVEL_CLASS[paragraph.level]}`}>
                  {t('paper.report.score', { score: paragraph.score })} · {levelText(paragraph.level)}
                </span>
              </div>
              <HighlightedText paragraph={paragraph} />
            </li>
          ))}
        </ol>
      </section>
      <p className={styles.note}>{t('paper.report.note')}</p>
    </div>
  );
}
