import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { HONG_RULES, toasts } from '@qiming/sdk';
import type { HongScene } from '@qiming/sdk/contracts';
import { Avatar } from './Avatar';
import { avatarFromFile, readAvatars, saveAvatars, type HongAvatars } from './hongAvatars';
import { HONG_START } from './hongGame';
import { loadHongScenes } from './scenesApi';
import styles from './hong.module.css';

function AvatarSetting({ label, name, kind, avatars, onChange }: { label: string; name: string; kind: keyof HongAvatars; avatars: HongAvatars; onChange(next: HongAvatars): void }) {
  const input = useRef<HTMLInputElement>(null);
  const choose = async (file: File | undefined) => {
    if (!file) return;
    try {
      onChange({ ...avatars, [kind]: await avatarFromFile(file) });
      toasts.success('头像已更新');
    } catch (error) {
      toasts.error(error instanceof Error ? error.message : '图片读取失败');
    }
  };
  return (
    <div className={styles.avatarSetting}>
      <Avatar src={avatars[kind]} name={name} kind={kind === 'you' ? 'you' : 'partner'} />
      <span>{label}</span>
      <button type="button" onClick={() => input.current?.click()}>
        上传头像
      </button>
      {avatars[kind] ? (
        <button type="button" onClick={() => onChange({ ...avatars, [kind]: null })}>
          恢复默认
        </button>
      ) : null}
      <input ref={input} type="file" accept="image/png,image/jpeg,image/webp,image/gif" hidden aria-label={`${label}图片`} onChange={(e) => void choose(e.target.files?.[0])} />
    </div>
  );
}

/** /hong: 哄哄模拟器 — the rules, the avatars (set here, spec chat §1) and the scenes; a scene starts in the chat. */
export function HongPage() {
  const navigate = useNavigate();
  const [scenes, setScenes] = useState<HongScene[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [avatars, setAvatars] = useState(readAvatars);
  useEffect(() => {
    loadHongScenes().then(setScenes, () => setFailed(true));
  }, []);
  const changeAvatars = (next: HongAvatars) => {
    saveAvatars(next);
    setAvatars(next);
  };
  return (
    <div className={styles.page} data-testid="hong-page">
      <header className={styles.intro}>
        <p>
          TA 生气了，你有 {HONG_RULES.maxTries} 次机会把 TA 哄好。原谅值从 {HONG_START} 开始，真诚的道歉和具体的弥补会让它上升，找借口、甩锅只会更糟；达到 {HONG_RULES.target} 即挑战成功。
        </p>
      </header>
      <section className={styles.avatars} aria-label="头像设置">
        <AvatarSetting label="我的头像" name="我" kind="you" avatars={avatars} onChange={changeAvatars} />
        <AvatarSetting label="TA 的头像" name="TA" kind="partner" avatars={avatars} onChange={changeAvatars} />
      </section>
      {failed ? <p className={styles.empty}>场景加载失败，请刷新重试</p> : null}
      {!scenes && !failed ? <p className={styles.empty}>加载中…</p> : null}
      <div className={styles.scenes}>
        {scenes?.map((scene) => (
          <article key={scene.code} className={styles.scene} data-testid="hong-scene">
            <h2>{scene.title}</h2>
            <small>
              对象：{scene.partnerRole} · {scene.partnerName}
            </small>
            <p>{scene.scene}</p>
            <button type="button" onClick={() => navigate(`/chatPage?hong=${encodeURIComponent(scene.code)}`)}>
              开始哄
            </button>
          </article>
        ))}
      </div>
    </div>
  );
}
