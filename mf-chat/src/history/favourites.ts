import { STORAGE_KEYS } from '@qiming/sdk';
import { t } from '../i18n';

/** Favourite models (spec chat §3 "Favourite model entry": icon and label), kept in local storage by id. */
export interface FavouriteModel {
  value: string;
  icon: string;
  label: string;
}

export function readFavourites(storage: Storage = window.localStorage): FavouriteModel[] {
  try {
    const list = JSON.parse(storage.getItem(STORAGE_KEYS.favoriteModels) ?? '[]') as unknown;
    return Array.isArray(list) ? list.filter((f): f is FavouriteModel => typeof f?.value === 'string' && typeof f?.label === 'string') : [];
  } catch {
    return [];
  }
}

/** Adds the model, or removes it when it is a favourite already; answers the new list. */
export function toggleFavourite(model: FavouriteModel, storage: Storage = window.localStorage): FavouriteModel[] {
  const list = readFavourites(storage);
  const next = list.some((f) => f.value === model.value) ? list.filter((f) => f.value !== model.value) : [model, ...list];
  storage.setItem(STORAGE_KEYS.favoriteModels, JSON.stringify(next));
  return next;
}

/**
 * The top bar's 收藏 / 已收藏 (spec platform §8 "Favourite"): the new list and what to tell the user —
 * 收藏成功，可在AI应用目录-我的收藏中查看 when added, 已取消收藏 when removed, 收藏失败 when the browser
 * would not keep it (storage full or blocked; the list is then unchanged).
 */
export function toggleFavouriteWithFeedback(model: FavouriteModel, storage: Storage = window.localStorage): { list: FavouriteModel[]; kind: 'success' | 'error'; message: string } {
  const before = readFavourites(storage);
  const adding = !before.some((f) => f.value === model.value);
  try {
    const list = toggleFavourite(model, storage);
    return { list, kind: 'success', message: t(adding ? 'chat.favouriteAdded' : 'chat.favouriteRemoved') };
  } catch {
    return { list: before, kind: 'error', message: t('chat.favouriteFailed') };
  }
}
