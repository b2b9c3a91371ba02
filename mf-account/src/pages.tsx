import type { AreaPageDefinition } from '@qiming/sdk/ui';
import { LoginPage } from './login/LoginPage';
import { SettingsPage } from './settings/SettingsPage';
import { SocialLoginPage } from './social/SocialLoginPage';

export const pages: AreaPageDefinition[] = [
  { path: '/loginPage', title: '登录', element: <LoginPage />, frame: false },
  { path: '/social-login', title: '第三方登录', element: <SocialLoginPage /> },
  { path: '/setting', title: '设置与 API', element: <SettingsPage /> },
  { path: '/oaitoken', title: '设置与 API', element: <SettingsPage initialTab="keys" /> },
  { path: '/oaifree', title: '镜像站' },
  { path: '/oai', title: '镜像站' },
];
