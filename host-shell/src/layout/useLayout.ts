import { useSyncExternalStore } from 'react';
import { layoutFor, type Layout } from './breakpoints';

let cached: { width: number; layout: Layout } | null = null;

function snapshot(): Layout {
  const width = window.innerWidth;
  if (cached?.width !== width) cached = { width, layout: layoutFor(width) };
  return cached.layout;
}

function subscribe(onChange: () => void) {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
}

/** The layout rules for the current window width, re-evaluated on resize. */
export function useLayout(): Layout {
  return useSyncExternalStore(subscribe, snapshot);
}
