import cronstrue from 'cronstrue';
import 'cronstrue/locales/zh_CN';
import { Cron } from 'croner';
import { t } from '../i18n';
import { fail, ok, type Result } from './result';

export interface CronExplained {
  description: string;
  next: Date[];
}

/**
 * A cron expression (5 fields, or 6 with seconds first) in words and its next runs after `from` in
 * `timeZone`. Day of month and day of week together mean either (classic cron), as cronstrue reads it.
 */
export function explainCron(expression: string, { timeZone, from = new Date(), count = 5, locale = 'zh-CN' }: { timeZone: string; from?: Date; count?: number; locale?: string }): Result<CronExplained> {
  const expr = expression.trim().replace(/\s+/g, ' ');
  if (!expr) return fail(t('it.common.empty'));
  const fields = expr.split(' ').length;
  if (!expr.startsWith('@') && (fields < 5 || fields > 6)) return fail(t('it.cron.fieldCount', { n: fields }));
  let job: Cron;
  try {
    job = new Cron(expr, { timezone: timeZone, mode: '5-or-6-parts', domAndDow: false, paused: true });
  } catch (error) {
    return fail(t('it.cron.invalid', { reason: error instanceof Error ? error.message : String(error) }));
  }
  let description: string;
  try {
    description = cronstrue.toString(expr, { locale: locale === 'zh-CN' ? 'zh_CN' : 'en', use24HourTimeFormat: true, verbose: true });
  } catch {
    description = t('it.cron.noDescription');
  }
  return ok({ description, next: job.nextRuns(count, from) });
}

export const CRON_EXAMPLES = ['*/5 * * * *', '0 9 * * 1-5', '30 2 1 * *', '0 0 * * 0', '0 */2 * * *', '0 0 12 1 1 *'];
