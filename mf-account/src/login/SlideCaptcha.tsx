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
 * The puzzle captcha: drag the piece (or move it with the arrow keys) into the hole. The hole is
 * somewhere on both axes, so a blind guess rarely passes; the server checks the answer and the
 * drag; a failed try loads a new picture.
 */
/** At most this many trace points are kept (the server takes 600): a long slow drag keeps its start and end. */
const MAX_TRACE = 500;

interface Spot {
  x: number;
  y: number;
}

const KEY_STEPS: Record<string, Spot> = { ArrowRight: { x: 1, y: 0 }, ArrowLeft: { x: -1, y: 0 }, ArrowDown: { x: 0, y: 1 }, ArrowUp: { x: 0, y: -1 } };

export function SlideCaptcha({ api, target, onPassed }: Props) {
  const [challenge, setChallenge] = useState<CaptchaChallenge | null>(null);
  const [status, setStatus] = useState<Status>('loading');
  const [spot, setSpot] = useState<Spot>({ x: 0, y: 0 });
  const frame = useRef<HTMLDivElement>(null);
  const drag = useRef<{ pointer: Spot; from: Spot } | null>(null);
  /** The drag (or the arrow-key steps) as [x, y, ms since the first press], sent with the check. */
  const trace = useRef<{ start: number; points: Array<[number, number, number]> } | null>(null);
  const record = ({ x, y }: Spot) => {
    const now = performance.now();
    if (!trace.current) trace.current = { start: now, points: [] };
    const { points } = trace.current;
    if (points.length >= MAX_TRACE) points.splice(points.length - 1, 1);
    points.push([Math.round(x * 10) / 10, Math.round(y * 10) / 10, Math.round(now - trace.current.start)]);
  };

  const load = useCallback(async () => {
    setStatus('loading');
    trace.current = null;
    try {
      const next = await api.captcha(target);
      setChallenge(next);
      setSpot({ x: 0, y: next.pieceY });
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
  const clamp = ({ x, y }: Spot): Spot =>
    challenge ? { x: Math.min(challenge.width - challenge.pieceSize, Math.max(0, x)), y: Math.min(challenge.height - challenge.pieceSize, Math.max(0, y)) } : { x, y };

  async function submit(released: Spot) {
    if (!challenge) return;
    setStatus('checking');
    const sent = { x: Math.round(released.x), y: Math.round(released.y) };
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
    drag.current = { pointer: { x: event.clientX, y: event.clientY }, from: spot };
    record(spot);
  }

  function onPointerMove(event: PointerEvent<HTMLDivElement>) {
    if (!drag.current) return;
    const { pointer, from } = drag.current;
    const next = clamp({ x: from.x + (event.clientX - pointer.x) / scale(), y: from.y + (event.clientY - pointer.y) / scale() });
    record(next);
    setSpot(next);
  }

  function onPointerUp() {
    if (!drag.current) return;
    drag.current = null;
    void submit(spot);
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (!interactive) return;
    const step = KEY_STEPS[event.key];
    if (step) {
      event.preventDefault();
      if (!trace.current) record(spot);
      const size = event.shiftKey ? 10 : 2;
      const next = clamp({ x: spot.x + step.x * size, y: spot.y + step.y * size });
      record(next);
      setSpot(next);
    } else if (event.key === 'Enter') {
      void submit(spot);
    }
  }

  return (
    <div className={styles.captcha} data-testid="slide-captcha" data-status={status}>
      <div className={styles.captchaFrame} ref={frame} style={challenge ? { aspectRatio: `${challenge.width} / ${challenge.height}` } : undefined}>
        {challenge ? (
          <>
            <img className={styles.captchaBackground} src={challenge.background} alt={t('captcha.backgroundAlt')} draggable={false} />
            <div
              className={styles.captchaPiece}
              data-testid="captcha-piece"
              role="button"
              tabIndex={0}
              aria-label={t('captcha.handle')}
              aria-disabled={!interactive}
              style={{
                left: `${(spot.x / challenge.width) * 100}%`,
                top: `${(spot.y / challenge.height) * 100}%`,
                width: `${(challenge.pieceSize / challenge.width) * 100}%`,
              }}
              onPointerDown={onPointerDown}
              onPointerMove={onPointerMove}
              onPointerUp={onPointerUp}
              onPointerCancel={onPointerUp}
              onKeyDown={onKeyDown}
            >
              <img src={challenge.piece} alt="" draggable={false} />
            </div>
          </>
        ) : (
          <div className={styles.captchaPlaceholder}>{status === 'error' ? null : <Spin />}</div>
        )}
      </div>
      <div className={`${styles.captchaTrack} ${styles[`track-${status}`] ?? ''}`}>
        <span className={styles.captchaHint}>{t(`captcha.hint.${status}`)}</span>
      </div>
      {status === 'error' ? (
        <button type="button" className={styles.linkButton} onClick={() => void load()}>
          {t('captcha.reload')}
        </button>
      ) : null}
    </div>
  );
}
