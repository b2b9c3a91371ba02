import { createElement } from 'react';
import { lazyPage, type AreaPageDefinition } from '@qiming/sdk/ui';
import { t } from './i18n';
import { PainterOutlet } from './painter/keepAlive';

// Each page is its own chunk.
const GalleryPage = lazyPage(() => import('./gallery/GalleryPage').then((m) => m.GalleryPage));
const VideoPage = lazyPage(() => import(/* webpackChunkName: "page-videoPage" */ './video/VideoPage').then((m) => m.VideoPage));
const SlidesPage = lazyPage(() => import(/* webpackChunkName: "page-pptPage" */ './slides/SlidesPage').then((m) => m.SlidesPage));
const VoiceClonePage = lazyPage(() => import(/* webpackChunkName: "page-soundClone" */ './voices/VoiceClonePage').then((m) => m.VoiceClonePage));

/** Called at render time, so the titles are in the page's language. */
export const pages = (): AreaPageDefinition[] => [
  { path: '/painter', title: t('pages.painter'), element: createElement(PainterOutlet, { entry: 'painter' }) },
  { path: '/sharePage', title: t('pages.gallery'), element: createElement(GalleryPage) },
  { path: '/videoPage', title: t('pages.video'), element: createElement(VideoPage) },
  { path: '/pptPage', title: t('pages.slides'), element: createElement(SlidesPage) },
  { path: '/soundClone', title: t('pages.voiceClone'), element: createElement(VoiceClonePage) },
  { path: '/toolBox/building', title: t('pages.imageGen'), element: createElement(PainterOutlet, { entry: 'toolbox' }) },
];
