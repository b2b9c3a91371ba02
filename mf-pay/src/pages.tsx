import type { AreaPageDefinition } from '@qiming/sdk/ui';
import { RulePage } from './points/RulePage';

export const pages: AreaPageDefinition[] = [
  { path: '/pay', title: '充值与套餐' },
  { path: '/rulePage', title: '积分规则与明细', element: <RulePage /> },
];
