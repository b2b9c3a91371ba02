import { lazyPage, type AreaPageDefinition } from '@qiming/sdk/ui';
import { t } from './i18n';

// Each page is its own chunk: visiting /pay does not download the history table.
const RulePage = lazyPage(() => import('./points/RulePage').then((m) => m.RulePage));
const PayPage = lazyPage(() => import('./pay/PayPage').then((m) => m.PayPage));

/** Called at render time, so the titles are in the page's language. */
export const pages = (): AreaPageDefinition[] => [
  { path: '/pay', title: t('pages.pay'), element: <PayPage /> },
  { path: '/rulePage', title: t('pages.rules'), element: <RulePage /> },
];
