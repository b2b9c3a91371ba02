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

  'gallery.sortNewest': 'Newest',
  'gallery.sortLikes': 'Most liked',
  'gallery.failed': 'Could not load the gallery, please try again later',
  'gallery.moreFailed': 'Could not load more',
  'gallery.retry': 'Retry',
  'gallery.empty': 'Nothing shared yet. Create a picture in AI Art and share the first one',
  'gallery.end': 'No more pictures',
  'gallery.openLabel': 'Open the picture shared by {name}',
  'gallery.likeLabel': 'Like ({n})',
  'gallery.unlikeLabel': 'Unlike ({n})',
  'gallery.offlineDemo': 'Offline demo',
  'gallery.prompt': 'Prompt',
  'gallery.copyPrompt': 'Copy',
  'gallery.promptCopied': 'Prompt copied',
  'gallery.negativePrompt': 'Negative prompt',
  'gallery.model': 'Model',
  'gallery.aspect': 'Aspect ratio',
  'gallery.seed': 'Seed',
  'gallery.seedRandom': 'Random',
  'gallery.author': 'Author',
  'gallery.sharedAt': 'Shared',
  'gallery.paintLike': 'Make one like this',
  'gallery.download': 'Download',
  'gallery.unshare': 'Unshare',
  'gallery.unshareTitle': 'Take this picture off the gallery?',
  'gallery.unshareDetail': 'It leaves the gallery and others can no longer see it.',
  'gallery.unshareConfirm': 'Unshare',
  'gallery.cancel': 'Keep it',
  'gallery.unshared': 'Taken off the gallery',
};
export default enUS;
