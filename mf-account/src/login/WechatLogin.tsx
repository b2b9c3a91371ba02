import { useCallback, useEffect, useState } from 'react';
import type { LoginResult, WechatQrCode } from '@qiming/sdk/contracts';
import { Spin } from '@qiming/sdk/ui';
import { QRCode } from '@qiming/sdk/ui/display';
import type { AccountApi } from '../api/accountApi';
import { t } from '../i18n';
import styles from './login.module.css';

const POLL_MS = 2000;

interface Props {
  api: Pick<AccountApi, 'wechatQrCode' | 'wechatCheck'>;
  onLoggedIn(result: LoginResult): Promise<void> | void;
}

/** WeChat QR login: show the code, poll checkLogin until it is confirmed or expires. */
export function WechatLogin({ api, onLoggedIn }: Props) {
  const [qr, setQr] = useState<WechatQrCode | null>(null);
  const [state, setState] = useState<'loading' | 'waiting' | 'expired' | 'error'>('loading');

  const refresh = useCallback(async () => {
    setState('loading');
    try {
      setQr(await api.wechatQrCode());
      setState('waiting');
    } catch {
      setState('error');
    }
  }, [api]);

  useEffect(() => {
    void refresh();
  }, [refresh]);

  useEffect(() => {
    if (state !== 'waiting' || !qr) return;
    let stopped = false;
    const timer = window.setInterval(async () => {
      try {
        const result = await api.wechatCheck(qr.ticket);
        if (result && !stopped) {
          stopped = true;
          window.clearInterval(timer);
          await onLoggedIn(result);
        }
      } catch {
        if (!stopped) setState('expired');
      }
    }, POLL_MS);
    return () => {
      stopped = true;
      window.clearInterval(timer);
    };
  }, [api, qr, state, onLoggedIn]);

  const localConfirm = qr && qr.qrContent.startsWith(window.location.origin) ? qr.qrContent : null;

  return (
    <div className={styles.wechat} data-testid="wechat-login" data-state={state}>
      <div className={styles.qrBox}>
        {qr && state !== 'loading' ? (
          <QRCode value={qr.qrContent} size={200} status={state === 'expired' || state === 'error' ? 'expired' : 'active'} onRefresh={() => void refresh()} />
        ) : (
          <Spin />
        )}
      </div>
      <p className={styles.muted}>{state === 'expired' ? t('wechat.expired') : t('wechat.scan')}</p>
      {localConfirm ? (
        <a className={styles.linkButton} href={localConfirm} target="_blank" rel="noreferrer">
          {t('wechat.localConfirm')}
        </a>
      ) : null}
    </div>
  );
}
