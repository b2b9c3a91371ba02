import { t } from '../i18n';

/** The player's and the partner's avatars (data URLs), set on the /hong page, kept in this browser. */
export interface HongAvatars {
  you: string | null;
  partner: string | null;
}

const KEY = 'hongAvatars';
const SIZE = 128;

export function readAvatars(): HongAvatars {
  try {
    const stored = JSON.parse(window.localStorage.getItem(KEY) ?? '{}') as Partial<HongAvatars>;
    return { you: typeof stored.you === 'string' ? stored.you : null, partner: typeof stored.partner === 'string' ? stored.partner : null };
  } catch {
    return { you: null, partner: null };
  }
}

export function saveAvatars(avatars: HongAvatars): void {
  window.localStorage.setItem(KEY, JSON.stringify(avatars));
}

/** An image file as a 128 px square JPEG data URL (centre-cropped), small enough for local storage. */
export async function avatarFromFile(file: File): Promise<string> {
  if (!/^image\/(png|jpe?g|webp|gif)$/.test(file.type)) throw new Error(t('hong.avatarWrongType'));
  const bitmap = await createImageBitmap(file);
  const side = Math.min(bitmap.width, bitmap.height);
  const canvas = document.createElement('canvas');
  canvas.width = SIZE;
  canvas.height = SIZE;
  canvas.getContext('2d')!.drawImage(bitmap, (bitmap.width - side) / 2, (bitmap.height - side) / 2, side, side, 0, 0, SIZE, SIZE);
  bitmap.close();
  return canvas.toDataURL('image/jpeg', 0.85);
}
