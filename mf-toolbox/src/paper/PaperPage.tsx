import { observer } from 'mobx-react-lite';
import { useEffect, useRef, useState, type DragEvent } from 'react';
import { session, toasts, user } from '@qiming/sdk';
import { PAPER_CHECK_LIMITS, type PaperDetector } from '@qiming/sdk/contracts';
import { Button, Spin } from '@qiming/sdk/ui';
import { t } from '../i18n';
import { downloadReportPdf } from './exportReport';
import { usePaperStore } from './paperContext';
import { ReportView } from './ReportView';
import styles from './paper.module.css';

const ACCEPT = PAPER_CHECK_LIMITS.extensions.map((extension) => `.${extension}`).join(',');
const MB = PAPER_CHECK_LIMITS.maxBytes / 1024 / 1024;

const UploadBox = observer(function UploadBox() {
  const store = usePaperStore();
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const take = (files: FileList | null) => {
    const file = files?.[0];
    if (file) void store.chooseFile(file);
    if (input.current) input.current.value = '';
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    take(event.dataTransfer.files);
  };
  return (
    <div
      className={`${styles.drop} ${over ? styles.dropOver : ''}`}
      data-testid="paper-drop"
      onDragOver={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
      onClick={() => {
        if (store.uploading) return;
        if (store.requireLogin()) input.current?.click();
      }}
    >
      <input ref={input} type="file" accept={ACCEPT} hidden data-testid="paper-file" onChange={(event) => take(event.target.files)} />
      {store.uploading ? (
        <span>
          <Spin size="small" /> {t('paper.upload.uploading')} {store.uploadProgress > 0 && store.uploadProgress < 100 ? `${store.uploadProgress}%` : ''}
        </span>
      ) : store.document ? (
        <div data-testid="paper-document">
          <strong>{store.document.name}</strong>
          <div className={styles.muted}>{t('paper.upload.ready', { chars: store.document.chars, paragraphs: store.document.paragraphs })}</div>
          <div className={styles.link}>{t('paper.upload.change')}</div>
        </div>
      ) : (
        <div>
          <strong>{t('paper.upload.pick')}</strong>
          <div className={styles.muted}>{t('paper.upload.hint', { mb: MB, min: PAPER_CHECK_LIMITS.minChars, max: PAPER_CHECK_LIMITS.maxChars })}</div>
        </div>
      )}
    </div>
  );
});

const DetectorChoice = observer(function DetectorChoice() {
  const store = usePaperStore();
  const v2 = store.functions?.detectors.find((d) => d.id === 'v2');
  const hints: Record<PaperDetector, string> = {
    standard: t('paper.detector.standardHint'),
    v2: v2?.method === 'llm' ? t('paper.detector.v2Llm', { model: store.functions?.model ?? '' }) : t('paper.detector.v2Statistical'),
  };
  return (
    <div className={styles.detectors} role="radiogroup">
      {(['standard', 'v2'] as const).map((id) => (
        <label key={id} className={`${styles.detector} ${store.detector === id ? styles.detectorOn : ''}`} data-testid={`paper-detector-${id}`}>
          <input type="radio" name="paper-detector" checked={store.detector === id} onChange={() => store.setDetector(id)} />
          <span>
            <strong>{t(`paper.detector.${id}`)}</strong>
            <span className={styles.muted}>{hints[id]}</span>
          </span>
        </label>
      ))}
    </div>
  );
});

const CheckStatus = observer(function CheckStatus() {
  const store = usePaperStore();
  const reportRef = useRef<HTMLDivElement>(null);
  const [exporting, setExporting] = useState(false);
  const check = store.check;
  if (!check) return <div className={styles.empty}>{t('paper.empty')}</div>;
  if (check.status === 'queued' || check.status === 'running') {
    return (
      <div className={styles.progress} data-testid="paper-progress">
        <Spin />
        <div>{check.status === 'queued' ? t('paper.status.queued') : t('paper.status.running', { progress: check.progress })}</div>
        <div className={styles.progressBar}>
          <span style={{ width: `${Math.max(3, check.progress)}%` }} />
        </div>
        <div className={styles.muted}>{check.documentName}</div>
      </div>
    );
  }
  if (check.status === 'failed' || !check.report) {
    return (
      <div className={styles.failed} data-testid="paper-failed">
        {t('paper.failed', { error: check.error ?? '' })}
      </div>
    );
  }
  const download = async () => {
    if (!reportRef.current) return;
    setExporting(true);
    try {
      await downloadReportPdf(reportRef.current, t('paper.report.pdfTitle'), check.documentName);
    } catch {
      toasts.error(t('paper.report.downloadFailed'));
    } finally {
      setExporting(false);
    }
  };
  return (
    <div>
      <div className={styles.reportActions}>
        <Button onClick={() => void download()} loading={exporting} data-testid="paper-download">
          {exporting ? t('paper.report.downloading') : t('paper.report.download')}
        </Button>
      </div>
      <div ref={reportRef}>
        <ReportView check={check} report={check.report} />
      </div>
    </div>
  );
});

const History = observer(function History() {
  const store = usePaperStore();
  if (!session.isLoggedIn) return null;
  return (
    <section className={styles.history}>
      <h3 className={styles.sectionTitle}>{t('paper.history.title')}</h3>
      {store.history.length === 0 ? (
        <div className={styles.muted}>{t('paper.history.empty')}</div>
      ) : (
        <ul data-testid="paper-history">
          {store.history.map((item) => (
            <li key={item.id} className={`${styles.historyItem} ${store.check?.id === item.id ? styles.historyOn : ''}`}>
              <button type="button" className={styles.historyOpen} onClick={() => void store.open(item.id)}>
                <span className={styles.historyName}>{item.documentName}</span>
                <span className={styles.muted}>
                  {t(`paper.detector.${item.detector}`)} · {item.status === 'succeeded' && item.overall !== null ? `${item.overall}%` : item.statusText}
                </span>
              </button>
              <button
                type="button"
                className={styles.historyDelete}
                disabled={item.status === 'queued' || item.status === 'running'}
                onClick={() => void store.remove(item.id).then((removed) => removed && toasts.success(t('paper.history.deleted')))}
              >
                {t('paper.history.delete')}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
});

/** 论文 AIGC 检测 (/paperPage): upload and detector beside (phones: above) the report, the history below them. */
export const PaperPage = observer(function PaperPage() {
  const store = usePaperStore();
  const account = session.isLoggedIn ? (user.info?.username ?? '') : null;
  useEffect(() => {
    store.texts = {
      badType: t('paper.upload.badType'),
      tooLarge: t('paper.upload.tooLarge', { mb: MB }),
      empty: t('paper.upload.empty'),
      needDocument: t('paper.needDocument'),
      deleteConfirm: t('paper.history.deleteConfirm'),
    };
    store.syncAccount(account);
    void store.show();
    return () => store.hide();
  }, [store, account]);
  return (
    <div className={styles.page} data-testid="paper-page">
      <header className={styles.header}>
        <h2>
          {t('paper.title')}
          {store.functions?.offlineDemo && (
            <span className={styles.offline} title={t('paper.offlineHint')}>
              {t('paper.offline')}
            </span>
          )}
        </h2>
        <p className={styles.muted}>{t('paper.intro')}</p>
      </header>
      <div className={styles.layout}>
        <aside className={styles.side}>
          <h3 className={styles.sectionTitle}>{t('paper.upload.title')}</h3>
          <UploadBox />
          <DetectorChoice />
          {store.price !== null && (
            <div className={styles.cost} data-testid="paper-cost">
              {t('paper.cost', { points: store.price })}
            </div>
          )}
          <Button type="primary" block onClick={() => void store.start()} loading={store.busy} disabled={store.uploading || store.running} data-testid="paper-start">
            {t('paper.start')}
          </Button>
          <History />
        </aside>
        <main className={styles.main}>
          <CheckStatus />
        </main>
      </div>
    </div>
  );
});
