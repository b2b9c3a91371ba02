import { useEffect, useMemo } from 'react';
import type { DisplayPolicy } from '@qiming/sdk';
import type { StoredPopup } from './displayPolicy';

/**
 * Whether a stored-version popup shows on this page load (decided once per policy), counting the
 * showing; null policy (nothing published) never shows.
 */
export function useStoredPopup(policy: DisplayPolicy | null, popupFor: (policy: DisplayPolicy) => StoredPopup): boolean {
  const show = useMemo(() => (policy ? popupFor(policy).shouldShow() : false), [policy, popupFor]);
  useEffect(() => {
    if (policy && show) popupFor(policy).markShown();
  }, [policy, show, popupFor]);
  return show;
}
