import { createElement, lazy } from 'react';
import type { AreaPageDefinition } from '@qiming/sdk/ui';
import { t } from './i18n';
import { PainterOutlet } from './painter/keepAlive';

// Each page is its own chunk.
const GalleryPage = lazy(() => import('./gallery/GalleryPage').then((m) => ({ default: m.GalleryPage })));
const VideoPage = lazy(() => import(/* webpackChunkName: "page-videoPage" */ './video/VideoPage').then((m) => ({ default: m.VideoPage })));
const SlidesPage = lazy(() => import(/* webpackChunkName: "page-pptPage" */ './slides/SlidesPage').then((m) => ({ default: m.SlidesPage })));
const VoiceClonePage = lazy(() => import(/* webpackChunkName: "page-soundClone" */ './voices/VoiceClonePage').then((m) => ({ default: m.VoiceClonePage })));

/** Called at render time, so the titles are in the page's language. */
export const pages = (): AreaPageDefinition[] => [
  { path: '/painter', title: t('pages.painter'), element: createElement(PainterOutlet, { entry: 'painter' }) },
  { path: '/sharePage', title: t('pages.gallery'), element: createElement(GalleryPage) },
  { path: '/videoPage', title: t('pages.video'), element: createElement(VideoPage) },
  { path: '/pptPage', title: t('pages.slides'), element: createElement(SlidesPage) },
  { path: '/soundClone', title: t('pages.voiceClone'), element: createElement(VoiceClonePage) },
  { path: '/toolBox/building', title: t('pages.imageGen'), element: createElement(PainterOutlet, { entry: 'toolbox' }) },
];
