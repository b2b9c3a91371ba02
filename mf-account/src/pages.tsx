import { lazy } from 'react';
import type { AreaPageDefinition } from '@qiming/sdk/ui';

// Each page is its own chunk: the login page does not download the settings table, and back.
const LoginPage = lazy(() => import('./login/LoginPage').then((m) => ({ default: m.LoginPage })));
const SettingsPage = lazy(() => import('./settings/SettingsPage').then((m) => ({ default: m.SettingsPage })));
const SocialLoginPage = lazy(() => import('./social/SocialLoginPage').then((m) => ({ default: m.SocialLoginPage })));

export const pages: AreaPageDefinition[] = [
  { path: '/loginPage', title: '登录', element: <LoginPage />, frame: false },
  { path: '/social-login', title: '第三方登录', element: <SocialLoginPage /> },
  { path: '/setting', title: '设置与 API', element: <SettingsPage /> },
  { path: '/oaitoken', title: '设置与 API', element: <SettingsPage initialTab="keys" /> },
  { path: '/oaifree', title: '镜像站' },
  { path: '/oai', title: '镜像站' },
];
