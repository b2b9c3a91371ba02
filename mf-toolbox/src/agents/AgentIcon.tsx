import { useState } from 'react';
import styles from './agents.module.css';

/**
 * An agent's icon; the first character of its name on the brand colour when it has none or the
 * image does not load (an uploaded icon is served by the agents server, a built-in one is an SVG path).
 */
export function AgentIcon({ src, name, size = 48 }: { src: string | null; name: string; size?: number }) {
  const [broken, setBroken] = useState<string | null>(null);
  const style = { width: size, height: size, fontSize: Math.round(size * 0.45) };
  if (!src || broken === src) {
    return (
      <span className={styles.iconFallback} style={style} aria-hidden="true">
        {Array.from(name.trim())[0] ?? '?'}
      </span>
    );
  }
  return <img className={styles.icon} style={style} src={src} alt="" onError={() => setBroken(src)} />;
}
