/** Session storage key: the debug overlay stays on while this tab navigates. */
export const DEBUG_STORAGE_KEY = 'qm.debug';

/**
 * Whether the page shows the debug overlay (which area and version drew it): `?debug=1` turns it on
 * for this tab, `?debug=0` off; without the parameter the tab's last choice holds. Users never see it.
 */
export function debugEnabled(search: string, storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>): boolean {
  const asked = new URLSearchParams(search).get('debug');
  if (asked === '1') storage.setItem(DEBUG_STORAGE_KEY, '1');
  if (asked === '0') storage.removeItem(DEBUG_STORAGE_KEY);
  return storage.getItem(DEBUG_STORAGE_KEY) === '1';
}
