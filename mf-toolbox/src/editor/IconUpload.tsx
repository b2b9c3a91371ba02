import { useEffect, useRef, useState } from 'react';
import { extensionOf, toasts } from '@qiming/sdk';
import { Button } from '@qiming/sdk/ui';
import { useToolboxApi } from '../api/toolboxApi';
import { AgentIcon } from '../agents/AgentIcon';
import { t } from '../i18n';
import styles from './editor.module.css';

/** Icon files: the image types the uploads endpoint recognises, small enough for a card. */
export const ICON_EXTENSIONS = ['png', 'jpg', 'jpeg', 'webp', 'gif'];
export const ICON_MAX_BYTES = 2 * 1024 * 1024;

interface Props {
  label: string;
  value: string | null;
  /** The agent's name, for the default icon. */
  name: string;
  onChange(url: string | null): void;
  /** What "no image" means here (使用默认图标, or 与图标相同 for the assistant's avatar). */
  clearLabel: string;
}

/** An image picked, checked, sent through the uploads endpoint and previewed from the local file. */
export function IconUpload({ label, value, name, onChange, clearLabel }: Props) {
  const api = useToolboxApi();
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  // The uploaded file is served to its owner behind the bearer token, which an <img> cannot send;
  // the picked file itself is the preview.
  const [local, setLocal] = useState<{ url: string; objectUrl: string } | null>(null);
  useEffect(() => () => (local ? URL.revokeObjectURL(local.objectUrl) : undefined), [local]);

  const pick = async (file: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!file) return;
    if (!ICON_EXTENSIONS.includes(extensionOf(file.name)) || (file.type && !file.type.startsWith('image/'))) {
      toasts.warn(t('icon.badType'));
      return;
    }
    if (file.size > ICON_MAX_BYTES) {
      toasts.warn(t('icon.tooLarge', { mb: ICON_MAX_BYTES / 1024 / 1024 }));
      return;
    }
    setUploading(true);
    try {
      const uploaded = await api.uploadImage(file);
      setLocal({ url: uploaded.url, objectUrl: URL.createObjectURL(file) });
      onChange(uploaded.url);
    } catch {
      // the request client has shown the server's reason
    } finally {
      setUploading(false);
    }
  };

  const shown = local && local.url === value ? local.objectUrl : value;
  return (
    <div className={styles.iconRow}>
      <AgentIcon src={shown} name={name || label} size={56} />
      <div>
        <div className={styles.iconButtons}>
          <Button size="small" loading={uploading} onClick={() => input.current?.click()}>
            {value ? t('icon.replace') : t('icon.upload')}
          </Button>
          <Button size="small" type="text" disabled={!value} onClick={() => onChange(null)}>
            {clearLabel}
          </Button>
        </div>
        <small className={styles.note}>{t('icon.hint', { mb: ICON_MAX_BYTES / 1024 / 1024 })}</small>
        <input
          ref={input}
          type="file"
          hidden
          aria-label={label}
          accept={ICON_EXTENSIONS.map((extension) => `.${extension}`).join(',')}
          onChange={(event) => void pick(event.target.files?.[0])}
        />
      </div>
    </div>
  );
}
