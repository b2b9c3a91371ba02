import { lazyPage, type AreaPageDefinition } from '@qiming/sdk/ui';
import { t } from './i18n';

// Each page is its own chunk: the login page does not download the settings table, and back.
const LoginPage = lazyPage(() => import('./login/LoginPage').then((m) => m.LoginPage));
const SettingsPage = lazyPage(() => import('./settings/SettingsPage').then((m) => m.SettingsPage));
const MirrorPage = lazyPage(() => import(/* webpackChunkName: "page-oaifree" */ './mirror/MirrorPage').then((m) => m.MirrorPage));
const SocialLoginPage = lazyPage(() => import('./social/SocialLoginPage').then((m) => m.SocialLoginPage));

/** Called at render time, so the titles are in the page's language. */
export const pages = (): AreaPageDefinition[] => [
  { path: '/loginPage', title: t('pages.login'), element: <LoginPage />, frame: false },
  { path: '/social-login', title: t('pages.socialLogin'), element: <SocialLoginPage /> },
  { path: '/setting', title: t('pages.settings'), element: <SettingsPage /> },
  { path: '/oaitoken', title: t('pages.settings'), element: <SettingsPage initialTab="keys" /> },
  { path: '/oaifree', title: t('pages.mirror'), element: <MirrorPage /> },
  { path: '/oai', title: t('pages.mirror'), element: <MirrorPage /> },
];
