import { WHITEBOARD_CODES, WHITEBOARD_LIMITS } from '@qiming/contracts';
import { AppError } from '../../http/envelope.js';

/** Every user-facing text of the module, in Chinese (the international edition's English is in locale/enUS.ts, keyed by these). */
export const WHITEBOARD_MESSAGES = {
  notFound: '白板不存在或已删除',
  conflict: '白板已在其他窗口或设备上修改，请载入最新版本后再编辑',
  tooLarge: `白板内容超过 ${WHITEBOARD_LIMITS.sceneBytes / 1024 / 1024} MB，无法保存，请删除部分图片或元素`,
  tooMany: `白板数量已达上限（${WHITEBOARD_LIMITS.perUser} 个），请删除不用的白板`,
  untitled: '未命名白板',
} as const;

const refusal = (key: keyof typeof WHITEBOARD_CODES) => new AppError(WHITEBOARD_CODES[key], WHITEBOARD_MESSAGES[key]);

export const notFound = () => refusal('notFound');
export const conflict = () => refusal('conflict');
export const tooLarge = () => refusal('tooLarge');
export const tooMany = () => refusal('tooMany');
