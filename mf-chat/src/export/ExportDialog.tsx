import { useRef, useState } from 'react';
import { copyText, sharePath, toasts, useLoad } from '@qiming/sdk';
import type { ShareState } from '@qiming/sdk/contracts';
import { Modal } from '@qiming/sdk/ui/feedback';
import { t } from '../i18n';
import { downloadBlob } from '../markdown/download';
import { formatTime } from '../history/historyGroups';
import { canvasToPdf, canvasToPng, capture, copyPng } from './capture';
import { ExportDocument } from './ExportDocument';
import type { ExportConversation } from './exportTypes';
import { shareApi } from './shareApi';
import styles from './export.module.css';

/** spec platform §9 breakpoint: the dialog is 95% wide on phones, 50% otherwise. */
const PHONE = '(max-width: 560px)';
const WAITING_TOAST_MS = 120_000;

let imageNumber = 0;

/** Runs an export with 正在下载，请稍微等待... shown until it is done. */
async function withWaitingNotice(work: () => Promise<void>, failure: string): Promise<void> {
  const waiting = toasts.info(t('export.waiting'), { durationMs: WAITING_TOAST_MS });
  try {
    await work();
  } catch (error) {
    console.warn('[export] failed', error);
    toasts.error(failure);
  } finally {
    toasts.hide(waiting);
  }
}

/**
 * 导出内容预览 (spec platform §2): 复制图片, 下载图片, 下载pdf and the share link. Choosing an
 * option closes the dialog; the record is drawn from a copy of the preview.
 */
export default function ExportDialog({ conversation, onClose }: { conversation: ExportConversation; onClose(): void }) {
  const preview = useRef<HTMLDivElement>(null);
  const [exportedAt] = useState(() => formatTime(new Date().toISOString()));
  const phone = window.matchMedia(PHONE).matches;
  const groupId = conversation.convGroupId;
  const loadedShare = useLoad(groupId ? () => shareApi.state(groupId) : null, [groupId]).data;
  /** The state after 取消分享 in this dialog, over the one loaded when it opened. */
  const [revokedShare, setRevokedShare] = useState<ShareState>();
  const share = revokedShare ?? loadedShare;

  /** Detaches a copy of the preview (so the dialog can close at once) and draws it. */
  const drawn = () => {
    const source = preview.current!.cloneNode(true) as HTMLElement;
    onClose();
    return capture(source);
  };

  const copyImage = () =>
    void withWaitingNotice(async () => {
      await copyPng(await canvasToPng((await drawn()).canvas));
      toasts.success(t('export.copied'));
    }, t('export.copyFailed'));
  const downloadImage = () =>
    void withWaitingNotice(async () => {
      const { canvas } = await drawn();
      imageNumber += 1;
      downloadBlob(await canvasToPng(canvas), `image_${imageNumber}.png`);
    }, t('export.downloadFailed'));
  const downloadPdf = () =>
    void withWaitingNotice(async () => {
      downloadBlob(await canvasToPdf(await drawn()), `${t('export.brand')}.pdf`);
    }, t('export.downloadFailed'));
  const copyShareLink = async () => {
    if (!groupId) return;
    onClose();
    try {
      const state = await shareApi.share(groupId);
      await copyText(`${window.location.origin}${state.path || sharePath(groupId)}`, { message: t('export.shareCopied') });
    } catch {
      // the request client has shown the server's message
    }
  };
  const revoke = async () => {
    if (!groupId) return;
    try {
      setRevokedShare(await shareApi.revoke(groupId));
      toasts.success(t('export.shareRevoked'));
    } catch {
      // the request client has shown the server's message
    }
  };

  return (
    <Modal
      open
      title={t('export.dialogTitle')}
      width={phone ? '95%' : '50%'}
      onCancel={onClose}
      footer={
        <div className={styles.actions} data-testid="export-actions">
          {share?.shared ? (
            <span className={styles.shareState}>
              {t('export.sharedSince', { time: share.sharedAt ?? '' })}
              <button type="button" className={styles.link} onClick={() => void revoke()}>
                {t('export.revoke')}
              </button>
            </span>
          ) : null}
          <button type="button" onClick={copyImage}>{t('export.copyImage')}</button>
          <button type="button" onClick={downloadImage}>{t('export.downloadImage')}</button>
          <button type="button" onClick={downloadPdf}>{t('export.downloadPdf')}</button>
          <button type="button" className={styles.primary} disabled={!groupId} onClick={() => void copyShareLink()}>
            {t('export.copyShareLink')}
          </button>
        </div>
      }
    >
      <div className={styles.previewBox}>
        <ExportDocument ref={preview} conversation={conversation} exportedAt={exportedAt} />
      </div>
    </Modal>
  );
}
