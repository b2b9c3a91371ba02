import { STORAGE_KEYS } from '@qiming/sdk';

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
