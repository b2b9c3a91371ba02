import type { AreaPageDefinition } from '@qiming/sdk/ui';

export const pages: AreaPageDefinition[] = [
  { path: '/pay', title: '充值与套餐' },
  { path: '/rulePage', title: '积分规则' },
];
