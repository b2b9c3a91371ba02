import { lazy } from 'react';
import type { AreaPageDefinition } from '@qiming/sdk/ui';

// Each page is its own chunk: visiting /pay does not download the history table.
const RulePage = lazy(() => import('./points/RulePage').then((m) => ({ default: m.RulePage })));

export const pages: AreaPageDefinition[] = [
  { path: '/pay', title: '充值与套餐' },
  { path: '/rulePage', title: '积分规则与明细', element: <RulePage /> },
];
