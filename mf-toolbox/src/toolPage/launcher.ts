/** Every tool of the product the 工具集 page launches, by group; paths are routes of any area. */
export interface LauncherEntry {
  /** i18n keys tools.entry.<id>.name / .description. */
  id: string;
  path: string;
  /** A short glyph on a tinted tile (text, not emoji: emoji fonts are missing on many Linux desktops). */
  icon: string;
  hue: number;
}

export interface LauncherGroup {
  id: 'create' | 'converse' | 'work' | 'help';
  entries: LauncherEntry[];
}

export const LAUNCHER: LauncherGroup[] = [
  {
    id: 'create',
    entries: [
      { id: 'painter', path: '/painter', icon: '绘', hue: 280 },
      { id: 'video', path: '/videoPage', icon: '影', hue: 330 },
      { id: 'ppt', path: '/pptPage', icon: 'P', hue: 20 },
      { id: 'soundClone', path: '/soundClone', icon: '声', hue: 300 },
      { id: 'whiteBoard', path: '/whiteBoard', icon: '板', hue: 200 },
    ],
  },
  {
    id: 'converse',
    entries: [
      { id: 'pdfChat', path: '/pdfChatPage', icon: '文', hue: 210 },
      { id: 'voice', path: '/voice', icon: '语', hue: 170 },
      { id: 'knowledge', path: '/toolBox/knowledgePage', icon: '知', hue: 140 },
      { id: 'agents', path: '/toolBox/apps2', icon: '智', hue: 260 },
      { id: 'paper', path: '/paperPage', icon: '论', hue: 30 },
    ],
  },
  {
    id: 'work',
    entries: [
      { id: 'itTools', path: '/itTools', icon: 'IT', hue: 230 },
      { id: 'resources', path: '/resourcePage', icon: '导', hue: 190 },
      { id: 'works', path: '/workPage', icon: '作', hue: 350 },
    ],
  },
  {
    id: 'help',
    entries: [
      { id: 'manual', path: '/instructionPage', icon: '册', hue: 100 },
      { id: 'faq', path: '/normalQuestionPage', icon: '?', hue: 45 },
    ],
  },
];
