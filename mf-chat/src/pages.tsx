import { lazyPage, type AreaPageDefinition } from '@qiming/sdk/ui';
import { t } from './i18n';
import { LegacyGate } from './legacy/LegacyGate';

// Named page-<first path segment of the route> (page-index for /): the server preloads a route's page from the HTML (build-config/page-chunks-plugin.cjs).
const ChatPage = lazyPage(() => import(/* webpackChunkName: "page-chatPage" */ './chat/ChatPage').then((m) => m.ChatPage));
const HongPage = lazyPage(() => import(/* webpackChunkName: "page-hong" */ './roleplay/HongPage').then((m) => m.HongPage));
const SharePage = lazyPage(() => import(/* webpackChunkName: "page-friendsLinkPage" */ './share/SharePage').then((m) => m.SharePage));
const UsagePage = lazyPage(() => import(/* webpackChunkName: "page-trace" */ './usage/UsagePage').then((m) => m.UsagePage));
const FeaturedPage = lazyPage(() => import(/* webpackChunkName: "page-valueChatPage" */ './featured/FeaturedPage').then((m) => m.FeaturedPage));
const VoiceChatPage = lazyPage(() => import(/* webpackChunkName: "page-voice" */ './voiceChat/VoiceChatPage').then((m) => m.VoiceChatPage));
const OldPage = lazyPage(() => import(/* webpackChunkName: "page-old" */ './legacy/OldPage').then((m) => m.OldPage));
const DocChatPage = lazyPage(() => import(/* webpackChunkName: "page-pdfChatPage" */ './docChat/DocChatPage').then((m) => m.DocChatPage));
const ModelSquarePage = lazyPage(() => import(/* webpackChunkName: "page-index" */ './square/ModelSquarePage').then((m) => m.ModelSquarePage));

/** The area's pages, built at render time so their titles are in the page's language. */
export const pages = (): AreaPageDefinition[] => [
  { path: '/', title: t('pages.square'), element: <LegacyGate><ModelSquarePage /></LegacyGate> },
  { path: '/newhomePage', title: t('pages.square'), element: <ModelSquarePage /> },
  { path: '/chatPage', title: t('pages.chat'), element: <LegacyGate><ChatPage /></LegacyGate>, frame: false },
  { path: '/chatPage/:param', title: t('pages.chat'), element: <LegacyGate><ChatPage /></LegacyGate>, frame: false },
  { path: '/friendsLinkPage/:convGroupId', title: t('pages.share'), element: <SharePage /> },
  { path: '/hong', title: t('pages.hong'), element: <HongPage /> },
  { path: '/voice', title: t('pages.voice'), element: <VoiceChatPage /> },
  { path: '/trace', title: t('pages.trace'), element: <UsagePage /> },
  { path: '/pdfChatPage', title: t('pages.pdfChat'), element: <DocChatPage /> },
  { path: '/valueChatPage', title: t('pages.valueChat'), element: <FeaturedPage /> },
  { path: '/old', title: t('pages.old'), element: <OldPage /> },
];
