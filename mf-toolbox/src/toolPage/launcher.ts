/** Every tool of the product the 工具集 page launches, by group; paths are routes of any area. */
export interface LauncherEntry {
  /** i18n keys tools.entry.<id>.name / .description. */
  id: string;
  path: string;
  icon: string;
}

export interface LauncherGroup {
  id: 'create' | 'converse' | 'work' | 'help';
  entries: LauncherEntry[];
}

export const LAUNCHER: LauncherGroup[] = [
  {
    id: 'create',
    entries: [
      { id: 'painter', path: '/painter', icon: '🎨' },
      { id: 'video', path: '/videoPage', icon: '🎬' },
      { id: 'ppt', path: '/pptPage', icon: '📊' },
      { id: 'soundClone', path: '/soundClone', icon: '🎙️' },
      { id: 'whiteBoard', path: '/whiteBoard', icon: '🖍️' },
    ],
  },
  {
    id: 'converse',
    entries: [
      { id: 'pdfChat', path: '/pdfChatPage', icon: '📄' },
      { id: 'voice', path: '/voice', icon: '🗣️' },
      { id: 'knowledge', path: '/toolBox/knowledgePage', icon: '📚' },
      { id: 'agents', path: '/toolBox/apps2', icon: '🤖' },
      { id: 'paper', path: '/paperPage', icon: '📑' },
    ],
  },
  {
    id: 'work',
    entries: [
      { id: 'itTools', path: '/itTools', icon: '🧰' },
      { id: 'resources', path: '/resourcePage', icon: '🧭' },
      { id: 'works', path: '/workPage', icon: '🖼️' },
    ],
  },
  {
    id: 'help',
    entries: [
      { id: 'manual', path: '/instructionPage', icon: '📖' },
      { id: 'faq', path: '/normalQuestionPage', icon: '❓' },
    ],
  },
];
