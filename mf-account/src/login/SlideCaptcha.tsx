import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import type { CaptchaChallenge } from '@qiming/sdk/contracts';
import { Spin } from '@qiming/sdk/ui';
import type { AccountApi } from '../api/accountApi';
import { t } from '../i18n';
import styles from './login.module.css';

type Status = 'loading' | 'ready' | 'checking' | 'failed' | 'passed' | 'error';

interface Props {
  api: Pick<AccountApi, 'captcha' | 'checkCaptcha'>;
  /** The phone or e-mail the code is for. */
  target?: string;
  onPassed(captchaToken: string): void;
}

/**
 * The slide captcha: drag the piece (or use the arrow keys) until it fills the hole. The answer
 * is checked by the server; a failed try loads a new picture.
 */
/** At most this many trace points are kept (the server takes 600): a long slow drag keeps its start and end. */
const MAX_TRACE = 500;

export function SlideCaptcha({ api, target, onPassed }: Props) {
  const [challenge, setChallenge] = useState<CaptchaChallenge | null>(null);
  const [status, setStatus] = useState<Status>('loading');
  const [offset, setOffset] = useState(0);
  const frame = useRef<HTMLDivElement>(null);
  const drag = useRef<{ startX: number; startOffset: number } | null>(null);
  /** The drag (or the arrow-key steps) as [x, ms since the first press], sent with the check. */
  const trace = useRef<{ start: number; points: Array<[number, number]> } | null>(null);
  const record = (x: number) => {
    const now = performance.now();
    if (!trace.current) trace.current = { start: now, points: [] };
    const { points } = trace.current;
    if (points.length >= MAX_TRACE) points.splice(points.length - 1, 1);
    points.push([Math.round(x * 10) / 10, Math.round(now - trace.current.start)]);
  };

  const load = useCallback(async () => {
    setStatus('loading');
    setOffset(0);
    trace.current = null;
    try {
      setChallenge(await api.captcha(target));
      setStatus('ready');
    } catch {
      setStatus('error');
    }
  }, [api, target]);

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
    const sent = Math.round(x);
    record(sent);
    const points = trace.current?.points ?? [];
    trace.current = null;
    try {
      const { captchaToken } = await api.checkCaptcha(challenge.captchaId, sent, points);
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
    record(offset);
  }

  function onPointerMove(event: PointerEvent<HTMLDivElement>) {
    if (!drag.current) return;
    const x = clamp(drag.current.startOffset + (event.clientX - drag.current.startX) / scale());
    record(x);
    setOffset(x);
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
      if (!trace.current) record(offset);
      const x = clamp(offset + (event.key === 'ArrowRight' ? 1 : -1) * (event.shiftKey ? 10 : 2));
      record(x);
      setOffset(x);
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
