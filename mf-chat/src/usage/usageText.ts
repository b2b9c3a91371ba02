import type { UsageFilterKind, UsageRecord } from '@qiming/sdk/contracts';
import { t } from '../i18n';
import { chinaDateTime } from './usageRange';

export const kindLabel = (kind: UsageFilterKind): string => t(`usage.kind.${kind}`);
export const statusLabel = (record: Pick<UsageRecord, 'status'>): string => t(`usage.status.${record.status}`);

/** Tokens, requests (as the kind counts them: images, clips, decks…) or characters; — when none was charged. */
export function amountText(record: Pick<UsageRecord, 'usage' | 'kind'>): string {
  const usage = record.usage;
  if (!usage) return '—';
  if ('inputTokens' in usage) return t('usage.amount.tokens', { total: usage.inputTokens + usage.outputTokens, input: usage.inputTokens, output: usage.outputTokens });
  if ('characters' in usage) return t('usage.amount.characters', { count: usage.characters });
  return t(`usage.amount.requests.${record.kind}`, { count: usage.requests });
}

/** The points line: charged, refunded, or reserved while it runs. */
export function pointsText(record: Pick<UsageRecord, 'status' | 'held' | 'charged' | 'refunded'>): string {
  if (record.status === 'held') return t('usage.points.held', { held: record.held });
  if (record.charged > 0) return record.refunded > 0 ? t('usage.points.chargedAndRefunded', { charged: record.charged, refunded: record.refunded }) : t('usage.points.charged', { charged: record.charged });
  return t('usage.points.refunded', { refunded: record.refunded });
}

/** Why it cost what it cost: the parts of the charge, the plan discount, the reason of a refund. */
export function reasonText(record: UsageRecord): string {
  const parts: string[] = [];
  switch (record.status) {
    case 'held':
      parts.push(t('usage.reason.held'));
      break;
    case 'charged':
      parts.push(t('usage.reason.charged'));
      if (record.fees.search) parts.push(t('usage.reason.search', { points: record.fees.search }));
      if (record.fees.extension) parts.push(t('usage.reason.extension', { points: record.fees.extension }));
      if (record.refunded > 0) parts.push(t('usage.reason.rest', { points: record.refunded }));
      break;
    case 'free':
      parts.push(t('usage.reason.free'));
      break;
    case 'refunded':
      parts.push(record.failure ? t('usage.reason.failedWith', { error: record.failure }) : t('usage.reason.failed'));
      break;
    case 'expired':
      parts.push(t('usage.reason.expired'));
      break;
  }
  if (record.multiplierPercent < 100 && record.charged > 0) parts.push(t('usage.reason.discount', { percent: record.multiplierPercent }));
  if (record.expiredDaily > 0) parts.push(t('usage.reason.dailyExpired', { points: record.expiredDaily }));
  return parts.join(t('usage.reason.separator'));
}

export const timeText = (iso: string): string => chinaDateTime(iso);
