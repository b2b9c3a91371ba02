import { useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { HONG_RULES, toasts, useLoad } from '@qiming/sdk';
import { Avatar } from './Avatar';
import { avatarFromFile, readAvatars, saveAvatars, type HongAvatars } from './hongAvatars';
import { HONG_START } from './hongGame';
import { loadHongScenes } from './scenesApi';
import { t } from '../i18n';
import styles from './hong.module.css';

function AvatarSetting({ label, name, kind, avatars, onChange }: { label: string; name: string; kind: keyof HongAvatars; avatars: HongAvatars; onChange(next: HongAvatars): void }) {
  const input = useRef<HTMLInputElement>(null);
  const choose = async (file: File | undefined) => {
    if (!file) return;
    try {
      onChange({ ...avatars, [kind]: await avatarFromFile(file) });
      toasts.success(t('hong.avatarUpdated'));
    } catch (error) {
      toasts.error(error instanceof Error ? error.message : t('hong.avatarReadFailed'));
    }
  };
  return (
    <div className={styles.avatarSetting}>
      <Avatar src={avatars[kind]} name={name} kind={kind === 'you' ? 'you' : 'partner'} />
      <span>{label}</span>
      <button type="button" onClick={() => input.current?.click()}>
        {t('hong.uploadAvatar')}
      </button>
      {avatars[kind] ? (
        <button type="button" onClick={() => onChange({ ...avatars, [kind]: null })}>
          {t('hong.resetAvatar')}
        </button>
      ) : null}
      <input ref={input} type="file" accept="image/png,image/jpeg,image/webp,image/gif" hidden aria-label={t('hong.avatarFile', { label })} onChange={(e) => void choose(e.target.files?.[0])} />
    </div>
  );
}

/** /hong: 哄哄模拟器 — the rules, the avatars (set here, spec chat §1) and the scenes; a scene starts in the chat. */
export function HongPage() {
  const navigate = useNavigate();
  const { data: scenes, error: failed } = useLoad(loadHongScenes, []);
  const [avatars, setAvatars] = useState(readAvatars);
  const changeAvatars = (next: HongAvatars) => {
    saveAvatars(next);
    setAvatars(next);
  };
  return (
    <div className={styles.page} data-testid="hong-page">
      <header className={styles.intro}>
        <p>
          {t('hong.rules', { tries: HONG_RULES.maxTries, start: HONG_START, target: HONG_RULES.target })}
        </p>
      </header>
      <section className={styles.avatars} aria-label={t('hong.avatars')}>
        <AvatarSetting label={t('hong.yourAvatar')} name={t('hong.you')} kind="you" avatars={avatars} onChange={changeAvatars} />
        <AvatarSetting label={t('hong.partnerAvatar')} name={t('hong.partner')} kind="partner" avatars={avatars} onChange={changeAvatars} />
      </section>
      {failed ? <p className={styles.empty}>{t('hong.scenesFailed')}</p> : null}
      {!scenes && !failed ? <p className={styles.empty}>{t('common.loading')}</p> : null}
      <div className={styles.scenes}>
        {scenes?.map((scene) => (
          <article key={scene.code} className={styles.scene} data-testid="hong-scene">
            <h2>{scene.title}</h2>
            <small>
              {t('hong.scenePartner', { role: scene.partnerRole, name: scene.partnerName })}
            </small>
            <p>{scene.scene}</p>
            <button type="button" onClick={() => navigate(`/chatPage?hong=${encodeURIComponent(scene.code)}`)}>
              {t('hong.start')}
            </button>
          </article>
        ))}
      </div>
    </div>
  );
}
