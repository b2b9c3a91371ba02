import { useCallback, useEffect, useRef, useState } from 'react';

/** spec chat §4: the stream is no longer followed once the user scrolled this far from the bottom. */
const AWAY_BY_WHEEL = 350;
const AWAY_BY_TOUCH = 200;

/**
 * Keeps a scroll box at its bottom while its content grows (a streamed answer, messages measured
 * by the virtual list), unless the user scrolled away: 350 px with the wheel, 200 px by touch.
 * `away` shows the scroll-to-bottom button.
 */
export function useStickToBottom() {
  const box = useRef<HTMLDivElement>(null);
  const content = useRef<HTMLDivElement>(null);
  const pinned = useRef(true);
  const lastInput = useRef<'wheel' | 'touch'>('wheel');
  const [away, setAway] = useState(false);

  const toBottom = useCallback(() => {
    const el = box.current;
    pinned.current = true;
    setAway(false);
    if (el) el.scrollTop = el.scrollHeight;
  }, []);

  useEffect(() => {
    const el = box.current;
    const inner = content.current;
    if (!el || !inner) return;
    const observer = new ResizeObserver(() => {
      if (pinned.current) el.scrollTop = el.scrollHeight;
    });
    observer.observe(inner);
    return () => observer.disconnect();
  }, []);

  const onScroll = () => {
    const el = box.current;
    if (!el) return;
    const distance = el.scrollHeight - el.scrollTop - el.clientHeight;
    pinned.current = distance < (lastInput.current === 'touch' ? AWAY_BY_TOUCH : AWAY_BY_WHEEL);
    setAway(!pinned.current);
  };
  const onWheel = () => (lastInput.current = 'wheel');
  const onTouchMove = () => (lastInput.current = 'touch');

  return { box, content, away, toBottom, scrollProps: { onScroll, onWheel, onTouchMove } };
}
