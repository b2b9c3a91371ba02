import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import type { CaptchaChallenge } from '@qiming/sdk/contracts';
import { Spin } from '@qiming/sdk/ui';
import type { AccountApi } from '../api/accountApi';
import { t } from '../i18n';
import styles from './login.module.css';

type Status = 'loading' | 'ready' | 'checking' | 'failed' | 'passed' | 'error';

interface Props {
  api: Pick<AccountApi, 'captcha' | 'checkCaptcha'>;
  onPassed(captchaToken: string): void;
}

/**
 * The slide captcha: drag the piece (or use the arrow keys) until it fills the hole. The answer
 * is checked by the server; a failed try loads a new picture.
 */
export function SlideCaptcha({ api, onPassed }: Props) {
  const [challenge, setChallenge] = useState<CaptchaChallenge | null>(null);
  const [status, setStatus] = useState<Status>('loading');
  const [offset, setOffset] = useState(0);
  const frame = useRef<HTMLDivElement>(null);
  const drag = useRef<{ startX: number; startOffset: number } | null>(null);

  const load = useCallback(async () => {
    setStatus('loading');
    setOffset(0);
    try {
      setChallenge(await api.captcha());
      setStatus('ready');
    } catch {
      setStatus('error');
    }
  }, [api]);

  useEffect(() => {
    void load();
  }, [load]);

  /** Displayed pixels per picture pixel (the picture shrinks on narrow screens). */
  const scale = () => (challenge && frame.current ? frame.current.clientWidth / challenge.width : 1);
  const maxOffset = challenge ? challenge.width - challenge.pieceSize : 0;
  const clamp = (x: number) => Math.min(maxOffset, Math.max(0, x));

  async function submit(x: number) {
    if (!challenge) return;
    setStatus('checking');
    try {
      const { captchaToken } = await api.checkCaptcha(challenge.captchaId, Math.round(x));
      setStatus('passed');
      onPassed(captchaToken);
    } catch {
      setStatus('failed');
      window.setTimeout(() => void load(), 800);
    }
  }

  const interactive = status === 'ready';

  function onPointerDown(event: PointerEvent<HTMLDivElement>) {
    if (!interactive) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { startX: event.clientX, startOffset: offset };
  }

  function onPointerMove(event: PointerEvent<HTMLDivElement>) {
    if (!drag.current) return;
    setOffset(clamp(drag.current.startOffset + (event.clientX - drag.current.startX) / scale()));
  }

  function onPointerUp() {
    if (!drag.current) return;
    drag.current = null;
    void submit(offset);
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (!interactive) return;
    if (event.key === 'ArrowRight' || event.key === 'ArrowLeft') {
      event.preventDefault();
      setOffset((x) => clamp(x + (event.key === 'ArrowRight' ? 1 : -1) * (event.shiftKey ? 10 : 2)));
    } else if (event.key === 'Enter') {
      void submit(offset);
    }
  }

  return (
    <div className={styles.captcha} data-testid="slide-captcha" data-status={status}>
      <div className={styles.captchaFrame} ref={frame} style={challenge ? { aspectRatio: `${challenge.width} / ${challenge.height}` } : undefined}>
        {challenge ? (
          <>
            <img className={styles.captchaBackground} src={challenge.background} alt={t('captcha.backgroundAlt')} draggable={false} />
            <img
              className={styles.captchaPiece}
              src={challenge.piece}
              alt=""
              draggable={false}
              style={{
                left: `${(offset / challenge.width) * 100}%`,
                top: `${(challenge.pieceY / challenge.height) * 100}%`,
                width: `${(challenge.pieceSize / challenge.width) * 100}%`,
              }}
            />
          </>
        ) : (
          <div className={styles.captchaPlaceholder}>{status === 'error' ? null : <Spin />}</div>
        )}
      </div>
      <div className={`${styles.captchaTrack} ${styles[`track-${status}`] ?? ''}`}>
        <span className={styles.captchaHint}>{t(`captcha.hint.${status}`)}</span>
        {challenge ? (
          <div
            className={styles.captchaHandle}
            data-testid="captcha-handle"
            role="slider"
            tabIndex={0}
            aria-label={t('captcha.handle')}
            aria-valuemin={0}
            aria-valuemax={maxOffset}
            aria-valuenow={Math.round(offset)}
            style={{ left: `${(offset / challenge.width) * 100}%`, width: `${(challenge.pieceSize / challenge.width) * 100}%` }}
            onPointerDown={onPointerDown}
            onPointerMove={onPointerMove}
            onPointerUp={onPointerUp}
            onPointerCancel={onPointerUp}
            onKeyDown={onKeyDown}
          >
            ➜
          </div>
        ) : null}
      </div>
      {status === 'error' ? (
        <button type="button" className={styles.linkButton} onClick={() => void load()}>
          {t('captcha.reload')}
        </button>
      ) : null}
    </div>
  );
}
