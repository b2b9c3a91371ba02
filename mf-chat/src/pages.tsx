import { lazy } from 'react';
import type { AreaPageDefinition } from '@qiming/sdk/ui';

const ChatPage = lazy(() => import('./chat/ChatPage').then((m) => ({ default: m.ChatPage })));
const HongPage = lazy(() => import('./roleplay/HongPage').then((m) => ({ default: m.HongPage })));
const ModelSquarePage = lazy(() => import('./square/ModelSquarePage').then((m) => ({ default: m.ModelSquarePage })));

export const pages: AreaPageDefinition[] = [
  { path: '/', title: '模型广场', element: <ModelSquarePage /> },
  { path: '/newhomePage', title: '模型广场', element: <ModelSquarePage /> },
  { path: '/chatPage', title: 'AI 对话', element: <ChatPage />, frame: false },
  { path: '/chatPage/:param', title: 'AI 对话', element: <ChatPage />, frame: false },
  { path: '/friendsLinkPage/:convGroupId', title: '对话分享' },
  { path: '/hong', title: '哄哄模拟器', element: <HongPage /> },
  { path: '/voice', title: '语音对话' },
  { path: '/trace', title: '对话追踪' },
  { path: '/pdfChatPage', title: '文档对话' },
  { path: '/valueChatPage', title: '价值对话' },
  { path: '/old', title: '旧版入口' },
];
