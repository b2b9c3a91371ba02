import { useState } from 'react';
import { observer } from 'mobx-react-lite';
import { ApiError, eventBus, session, toasts, useLoad } from '@qiming/sdk';
import type { UsageFilterKind, UsageRecord } from '@qiming/sdk/contracts';
import { USAGE_FILTER_KINDS } from '@qiming/sdk/contracts';
import { Button, Spin } from '@qiming/sdk/ui';
import { Empty, Table, Tag, type TableColumnsType } from '@qiming/sdk/ui/display';
import { Select } from '@qiming/sdk/ui/form';
import { t } from '../i18n';
import { DailyChart } from './DailyChart';
import { usageApi, type UsageApi } from './usageApi';
import { collectRecords, CSV_MAX_ROWS, downloadText, usageCsv } from './usageCsv';
import { lastDays, queryOf, rangeProblem } from './usageRange';
import { amountText, kindLabel, pointsText, reasonText, statusLabel, timeText } from './usageText';
import styles from './usage.module.css';

const PAGE_SIZE = 20;
const STATUS_COLOURS: Record<UsageRecord['status'], string> = { held: 'processing', charged: 'blue', free: 'default', refunded: 'green', expired: 'orange' };

/** Asks the host for its login confirm, coming back here afterwards. */
function askLogin(): void {
  const returnTo = `${window.location.pathname}${window.location.search}`;
  session.rememberReturnTo(returnTo);
  eventBus.emit('auth:required', { returnTo });
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * /trace (使用记录): the signed-in user's generations and what each cost, filtered by China days and
 * kind, with the points spent per day and a CSV export. Signed out — or once the session has
 * expired, which the SDK does not announce on this page — it asks to log in instead.
 */
export const UsagePage = observer(function UsagePage({ api = usageApi, now = () => new Date() }: { api?: UsageApi; now?: () => Date }) {
  if (!session.isLoggedIn) {
    return (
      <div className={styles.login} data-testid="usage-login">
        <p>{t('usage.loginPrompt')}</p>
        <Button type="primary" onClick={askLogin}>
          {t('usage.goLogin')}
        </Button>
      </div>
    );
  }
  return <UsageRecords api={api} now={now} />;
});

function UsageRecords({ api, now }: { api: UsageApi; now: () => Date }) {
  const [range, setRange] = useState(() => lastDays(now(), 7));
  const [kind, setKind] = useState<UsageFilterKind | ''>('');
  const [pageNo, setPageNo] = useState(1);
  const [exporting, setExporting] = useState(false);
  const problem = rangeProblem(range.from, range.to);
  const query = problem ? null : queryOf(range.from, range.to, kind);
  const key = query ? `${query.from}|${query.to}|${query.kind ?? ''}` : '';
  const daily = useLoad(query ? () => api.daily(query) : null, [key]);
  const records = useLoad(query ? () => api.records(query, pageNo, PAGE_SIZE) : null, [key, pageNo]);

  const change = (next: Partial<typeof range>) => {
    setRange((current) => ({ ...current, ...next }));
    setPageNo(1);
  };

  const exportCsv = async () => {
    if (!query) return;
    setExporting(true);
    try {
      const { records: all, truncated } = await collectRecords((page, size) => api.records(query, page, size));
      if (!all.length) return toasts.info(t('usage.exportEmpty'));
      downloadText(usageCsv(all), t('usage.csv.fileName', { from: query.from, to: query.to }));
      if (truncated) toasts.warn(t('usage.exportTruncated', { max: CSV_MAX_ROWS }));
      else toasts.success(t('usage.exported', { count: all.length }));
    } catch (error) {
      // An ended session turns the page into its login ask; nothing to say here.
      if (!(error instanceof ApiError && error.kind === 'session')) toasts.error(t('usage.exportFailed', { error: messageOf(error) }));
    } finally {
      setExporting(false);
    }
  };

  const columns: TableColumnsType<UsageRecord> = [
    { title: t('usage.col.time'), dataIndex: 'createdAt', width: 170, render: (iso: string) => timeText(iso) },
    { title: t('usage.col.kind'), dataIndex: 'kind', width: 90, render: (_, record) => kindLabel(record.kind) },
    { title: t('usage.col.model'), dataIndex: 'model', width: 160, render: (model: string) => <span className={styles.model}>{model}</span> },
    { title: t('usage.col.amount'), key: 'amount', width: 170, render: (_, record) => amountText(record) },
    { title: t('usage.col.points'), key: 'points', width: 150, render: (_, record) => <span data-testid="usage-points">{pointsText(record)}</span> },
    { title: t('usage.col.status'), dataIndex: 'status', width: 100, render: (_, record) => <Tag color={STATUS_COLOURS[record.status]}>{statusLabel(record)}</Tag> },
    { title: t('usage.col.reason'), key: 'reason', render: (_, record) => <span className={styles.reason}>{reasonText(record)}</span> },
  ];

  const loadError = records.error ?? daily.error;
  const sessionEnded = loadError instanceof ApiError && loadError.kind === 'session';
  return (
    <div className={styles.page} data-testid="usage-page">
      <p className={styles.intro}>{t('usage.intro')}</p>
      <div className={styles.filters}>
        <label>
          {t('usage.from')}
          <input type="date" value={range.from} max={range.to} onChange={(e) => change({ from: e.target.value })} data-testid="usage-from" />
        </label>
        <label>
          {t('usage.to')}
          <input type="date" value={range.to} min={range.from} onChange={(e) => change({ to: e.target.value })} data-testid="usage-to" />
        </label>
        <Button size="small" onClick={() => change(lastDays(now(), 7))}>
          {t('usage.last7')}
        </Button>
        <Button size="small" onClick={() => change(lastDays(now(), 30))}>
          {t('usage.last30')}
        </Button>
        <Select<UsageFilterKind | ''>
          aria-label={t('usage.kindFilter')}
          data-testid="usage-kind"
          className={styles.kind}
          value={kind}
          onChange={(value) => {
            setKind(value);
            setPageNo(1);
          }}
          options={[{ value: '', label: t('usage.allKinds') }, ...USAGE_FILTER_KINDS.filter((k) => k !== 'media').map((k) => ({ value: k, label: kindLabel(k) }))]}
        />
        <Button type="primary" className={styles.export} loading={exporting} disabled={!query} onClick={() => void exportCsv()} data-testid="usage-export">
          {exporting ? t('usage.exporting') : t('usage.export')}
        </Button>
      </div>
      {problem ? (
        <p className={styles.problem} role="alert" data-testid="usage-range-problem">
          {t(`usage.range.${problem}`)}
        </p>
      ) : null}
      {daily.data ? <DailyChart daily={daily.data} /> : query && daily.loading ? <Spin className={styles.spin} /> : null}
      {loadError && !sessionEnded ? (
        <p className={styles.problem} role="alert">
          {t('usage.loadFailed', { error: messageOf(loadError) })}{' '}
          <Button
            size="small"
            onClick={() => {
              records.refresh();
              daily.refresh();
            }}
          >
            {t('usage.retry')}
          </Button>
        </p>
      ) : null}
      {query ? (
        <Table<UsageRecord>
          data-testid="usage-table"
          rowKey="id"
          size="middle"
          scroll={{ x: 1000 }}
          loading={records.loading}
          columns={columns}
          dataSource={records.data?.list ?? []}
          locale={{ emptyText: <Empty description={t('usage.empty')} /> }}
          pagination={{ current: pageNo, pageSize: PAGE_SIZE, total: records.data?.total ?? 0, showSizeChanger: false, onChange: setPageNo, hideOnSinglePage: true }}
        />
      ) : null}
    </div>
  );
}
