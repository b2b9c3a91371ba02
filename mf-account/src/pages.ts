import type { AreaPageDefinition } from '@qiming/sdk/ui';

export const pages: AreaPageDefinition[] = [
  { path: '/loginPage', title: '登录' },
  { path: '/social-login', title: '第三方登录' },
  { path: '/setting', title: '设置与 API' },
  { path: '/oaitoken', title: '设置与 API' },
  { path: '/oaifree', title: '镜像站' },
  { path: '/oai', title: '镜像站' },
];
