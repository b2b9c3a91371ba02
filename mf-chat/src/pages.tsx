import { lazy } from 'react';
import type { AreaPageDefinition } from '@qiming/sdk/ui';
import { t } from './i18n';
import { LegacyGate } from './legacy/LegacyGate';

// Named page-<first path segment of the route> (page-index for /): the server preloads a route's page from the HTML (build-config/page-chunks-plugin.cjs).
const ChatPage = lazy(() => import(/* webpackChunkName: "page-chatPage" */ './chat/ChatPage').then((m) => ({ default: m.ChatPage })));
const HongPage = lazy(() => import(/* webpackChunkName: "page-hong" */ './roleplay/HongPage').then((m) => ({ default: m.HongPage })));
const SharePage = lazy(() => import(/* webpackChunkName: "page-friendsLinkPage" */ './share/SharePage').then((m) => ({ default: m.SharePage })));
const UsagePage = lazy(() => import(/* webpackChunkName: "page-trace" */ './usage/UsagePage').then((m) => ({ default: m.UsagePage })));
const FeaturedPage = lazy(() => import(/* webpackChunkName: "page-valueChatPage" */ './featured/FeaturedPage').then((m) => ({ default: m.FeaturedPage })));
const OldPage = lazy(() => import(/* webpackChunkName: "page-old" */ './legacy/OldPage').then((m) => ({ default: m.OldPage })));
const DocChatPage = lazy(() => import(/* webpackChunkName: "page-pdfChatPage" */ './docChat/DocChatPage').then((m) => ({ default: m.DocChatPage })));
const ModelSquarePage = lazy(() => import(/* webpackChunkName: "page-index" */ './square/ModelSquarePage').then((m) => ({ default: m.ModelSquarePage })));

/** The area's pages, built at render time so their titles are in the page's language. */
export const pages = (): AreaPageDefinition[] => [
  { path: '/', title: t('pages.square'), element: <LegacyGate><ModelSquarePage /></LegacyGate> },
  { path: '/newhomePage', title: t('pages.square'), element: <ModelSquarePage /> },
  { path: '/chatPage', title: t('pages.chat'), element: <LegacyGate><ChatPage /></LegacyGate>, frame: false },
  { path: '/chatPage/:param', title: t('pages.chat'), element: <LegacyGate><ChatPage /></LegacyGate>, frame: false },
  { path: '/friendsLinkPage/:convGroupId', title: t('pages.share'), element: <SharePage /> },
  { path: '/hong', title: t('pages.hong'), element: <HongPage /> },
  { path: '/voice', title: t('pages.voice') },
  { path: '/trace', title: t('pages.trace'), element: <UsagePage /> },
  { path: '/pdfChatPage', title: t('pages.pdfChat'), element: <DocChatPage /> },
  { path: '/valueChatPage', title: t('pages.valueChat'), element: <FeaturedPage /> },
  { path: '/old', title: t('pages.old'), element: <OldPage /> },
];
