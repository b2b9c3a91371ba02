import { lazy } from 'react';
import type { AreaPageDefinition } from '@qiming/sdk/ui';
import { t } from './i18n';

// Each page is its own chunk: visiting /pay does not download the history table.
const RulePage = lazy(() => import('./points/RulePage').then((m) => ({ default: m.RulePage })));
const PayPage = lazy(() => import('./pay/PayPage').then((m) => ({ default: m.PayPage })));

/** Called at render time, so the titles are in the page's language. */
export const pages = (): AreaPageDefinition[] => [
  { path: '/pay', title: t('pages.pay'), element: <PayPage /> },
  { path: '/rulePage', title: t('pages.rules'), element: <RulePage /> },
];
