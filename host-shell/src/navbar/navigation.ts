/** Top navigation of spec platform §2: the links every page shows. */
export interface NavLink {
  label: string;
  href: string;
}

export const NAV_LINKS: NavLink[] = [
  { label: '首页', href: '/' },
  { label: 'AI对话', href: '/chatPage' },
  { label: '镜像站', href: '/oaifree' },
  { label: '应用目录', href: '/toolBox/apps' },
  { label: 'AI-PPT', href: '/pptPage' },
  { label: 'AI视频', href: '/videoPage' },
  { label: 'AI绘画', href: '/painter' },
  { label: '图片广场', href: '/sharePage' },
  { label: '文档对话', href: '/pdfChatPage' },
  { label: '充值', href: '/pay' },
  { label: '设置与API', href: '/setting' },
  { label: 'API', href: '/api' },
];

export const TOOLBOX_LINKS: NavLink[] = [
  { label: '使用手册', href: '/instructionPage' },
  { label: '工具箱', href: '/toolPage' },
];

/** Pages that show without the navbar (spec platform §2: the login page). */
export function hidesNavbar(pathname: string): boolean {
  return pathname === '/loginPage';
}
