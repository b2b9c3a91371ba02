import { VIDEO_LIMITS, type VideoKind } from '@qiming/sdk/contracts';
import type { zhCN } from '../i18n/zh-CN';

export type VideoKey = Extract<keyof typeof zhCN, `video.${string}`>;

/** A message key of zh-CN.ts and its placeholders. */
export interface Problem {
  key: VideoKey;
  vars?: Record<string, string | number>;
}

export const FIRST_FRAME_TYPES = ['image/png', 'image/jpeg', 'image/webp'];
const FIRST_FRAME_EXTENSIONS = ['png', 'jpg', 'jpeg', 'webp'];

/** PNG, JPEG or WebP up to VIDEO_LIMITS.firstFrameMaxBytes (the server sniffs the bytes again). */
export function checkFirstFrameFile(file: File): Problem | null {
  const extension = file.name.includes('.') ? file.name.split('.').pop()!.toLowerCase() : '';
  const typeOk = file.type ? FIRST_FRAME_TYPES.includes(file.type) : FIRST_FRAME_EXTENSIONS.includes(extension);
  if (!typeOk) return { key: 'video.firstFrame.badType', vars: { name: file.name } };
  if (file.size === 0) return { key: 'video.firstFrame.empty', vars: { name: file.name } };
  if (file.size > VIDEO_LIMITS.firstFrameMaxBytes) return { key: 'video.firstFrame.tooLarge', vars: { name: file.name, mb: VIDEO_LIMITS.firstFrameMaxBytes / 1024 / 1024 } };
  return null;
}

export interface VideoForm {
  modelId: string;
  kind: VideoKind;
  prompt: string;
  /** The first frame: uploading, uploaded (its id), or none. */
  firstFrame: 'none' | 'uploading' | string;
}

/** Why 生成 cannot be sent yet, or null. */
export function problemOf(form: VideoForm): Problem | null {
  if (!form.modelId) return { key: 'video.invalid.noModel' };
  const prompt = form.prompt.trim();
  if (!prompt) return { key: 'video.invalid.noPrompt' };
  if (prompt.length > VIDEO_LIMITS.prompt) return { key: 'video.invalid.promptTooLong', vars: { max: VIDEO_LIMITS.prompt } };
  if (form.kind === 'image2video') {
    if (form.firstFrame === 'uploading') return { key: 'video.invalid.uploading' };
    if (form.firstFrame === 'none') return { key: 'video.invalid.noFirstFrame' };
  }
  return null;
}
