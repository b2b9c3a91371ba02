import { useState } from 'react';
import { letterIconOf } from '@qiming/sdk/contracts';
import styles from './resources.module.css';

/** An item's icon: the one ops uploaded, else (or when it does not load) the name's letter on its colour. */
export function LetterIcon({ name, imgUrl, size = 40 }: { name: string; imgUrl: string | null; size?: number }) {
  const [failed, setFailed] = useState(false);
  const box = { width: size, height: size, fontSize: Math.round(size * 0.45) };
  if (imgUrl && !failed) return <img className={styles.icon} src={imgUrl} alt="" style={box} onError={() => setFailed(true)} />;
  const { letter, colour } = letterIconOf(name);
  return (
    <span className={styles.icon} style={{ ...box, background: colour }} aria-hidden="true" data-testid="letter-icon">
      {letter}
    </span>
  );
}
