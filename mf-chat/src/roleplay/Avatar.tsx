import styles from './hong.module.css';

/** A round avatar: the chosen picture, else the name's first character on a colour. */
export function Avatar({ src, name, kind }: { src: string | null; name: string; kind: 'you' | 'partner' }) {
  return src ? (
    <img className={styles.avatar} src={src} alt={name} />
  ) : (
    <span className={kind === 'you' ? styles.avatarYou : styles.avatarPartner} role="img" aria-label={name}>
      {name.slice(0, 1)}
    </span>
  );
}
