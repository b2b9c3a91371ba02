import type { AreaPageDefinition } from '@qiming/sdk/ui';

export const pages: AreaPageDefinition[] = [
  { path: '/painter', title: 'AI 绘画' },
  { path: '/sharePage', title: '图片广场' },
  { path: '/videoPage', title: 'AI 视频' },
  { path: '/pptPage', title: 'AI PPT' },
  { path: '/soundClone', title: '声音克隆' },
  { path: '/toolBox/building', title: 'AI 绘画' },
];
