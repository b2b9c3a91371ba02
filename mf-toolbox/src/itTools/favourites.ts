import { useCallback, useSyncExternalStore } from 'react';

const KEY = 'itTools.favourites';
const listeners = new Set<() => void>();
let cache: { raw: string | null; ids: string[] } = { raw: null, ids: [] };

/** The favourite tool ids kept in localStorage (a broken or foreign value reads as none). */
export function readFavourites(): string[] {
  let raw: string | null = null;
  try {
    raw = localStorage.getItem(KEY);
  } catch {
    return cache.ids;
  }
  if (raw === cache.raw) return cache.ids;
  let ids: string[] = [];
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    if (Array.isArray(parsed)) ids = parsed.filter((x): x is string => typeof x === 'string');
  } catch {
    ids = [];
  }
  cache = { raw, ids };
  return ids;
}

export function toggleFavourite(id: string): string[] {
  const current = readFavourites();
  const next = current.includes(id) ? current.filter((x) => x !== id) : [...current, id];
  try {
    localStorage.setItem(KEY, JSON.stringify(next));
  } catch {
    // Storage full or blocked: the star still changes for this page.
    cache = { raw: JSON.stringify(next), ids: next };
  }
  listeners.forEach((l) => l());
  return next;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Another tab changed them.
  const onStorage = (event: StorageEvent) => event.key === KEY && listener();
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useFavourites(): [string[], (id: string) => void] {
  const ids = useSyncExternalStore(subscribe, readFavourites);
  return [ids, useCallback((id: string) => void toggleFavourite(id), [])];
}
