import { useEffect, useRef, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { navigateToUrl } from 'single-spa';
import { announcements } from '../announcements/announcementsStore';
import { startRotation, type Rotation } from './rotation';
import styles from './navbar.module.css';

/** The rotating promo (spec platform §2): one text every 4 s, held while the pointer is on it. */
export const PromoBanner = observer(function PromoBanner() {
  const promos = announcements.payload?.promos ?? [];
  const [index, setIndex] = useState(0);
  const rotation = useRef<Rotation | null>(null);

  useEffect(() => {
    setIndex(0);
    const turning = startRotation(promos.length, setIndex);
    rotation.current = turning;
    return () => turning.stop();
  }, [promos.length]);

  const promo = promos[index];
  if (!promo) return null;
  return (
    <div
      className={styles.promo}
      onMouseEnter={() => rotation.current?.pause()}
      onMouseLeave={() => rotation.current?.resume()}
      data-testid="promo-banner"
    >
      <button key={promo.id} type="button" className={styles.promoText} disabled={!promo.link} onClick={() => promo.link && navigateToUrl(promo.link)}>
        <svg viewBox="0 0 24 24" width="14" height="14" aria-hidden="true" className={styles.promoIcon}>
          <path d="M3 10v4h3l5 4V6L6 10zm13.5 2a4.5 4.5 0 0 0-2.5-4v8a4.5 4.5 0 0 0 2.5-4zM14 3.2v2.1a7 7 0 0 1 0 13.4v2.1a9 9 0 0 0 0-17.6z" fill="currentColor" />
        </svg>
        {promo.text}
      </button>
    </div>
  );
});
