import type { Translation } from '@qiming/sdk';
import type { zhCN } from './zh-CN';

/** The international build's text. */
const enUS: Translation<typeof zhCN> = {
  'pages.painter': 'AI Art',
  'pages.imageGen': 'Image generation',
  'pages.gallery': 'Image Gallery',
  'pages.video': 'AI Video',
  'pages.slides': 'AI Slides',
  'pages.voiceClone': 'Voice Cloning',
};
export default enUS;
