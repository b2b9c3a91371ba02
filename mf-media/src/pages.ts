import { createElement } from 'react';
import type { AreaPageDefinition } from '@qiming/sdk/ui';
import { t } from './i18n';
import { PainterOutlet } from './painter/keepAlive';

/** Called at render time, so the titles are in the page's language. */
export const pages = (): AreaPageDefinition[] => [
  { path: '/painter', title: t('pages.painter'), element: createElement(PainterOutlet, { entry: 'painter' }) },
  { path: '/sharePage', title: t('pages.gallery') },
  { path: '/videoPage', title: t('pages.video') },
  { path: '/pptPage', title: t('pages.slides') },
  { path: '/soundClone', title: t('pages.voiceClone') },
  { path: '/toolBox/building', title: t('pages.imageGen'), element: createElement(PainterOutlet, { entry: 'toolbox' }) },
];
