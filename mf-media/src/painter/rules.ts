import { IMAGE_LIMITS } from '@qiming/sdk';
import type { zhCN } from '../i18n/zh-CN';
import type { PainterTab } from './painterStore';

export type PainterKey = Extract<keyof typeof zhCN, `painter.${string}`>;

/** A message key of zh-CN.ts and its placeholders. */
export interface Problem {
  key: PainterKey;
  vars?: Record<string, string | number>;
}

export const REFERENCE_TYPES = ['image/png', 'image/jpeg', 'image/webp'];
const REFERENCE_EXTENSIONS = ['png', 'jpg', 'jpeg', 'webp'];

/** How many reference images a tab takes. */
export function referenceRule(tab: PainterTab): { min: number; max: number } {
  switch (tab) {
    case 'txt2img':
      return { min: 0, max: 0 };
    case 'img2img':
      return { min: 1, max: IMAGE_LIMITS.maxReferences };
    case 'blend':
      return { min: 2, max: IMAGE_LIMITS.maxReferences };
    case 'describe':
      return { min: 1, max: 1 };
    case 'swapFace':
      return { min: 2, max: 2 };
  }
}

/** PNG, JPEG or WebP up to IMAGE_LIMITS.referenceMaxBytes (the server sniffs the bytes again). */
export function checkReferenceFile(file: File): Problem | null {
  const extension = file.name.includes('.') ? file.name.split('.').pop()!.toLowerCase() : '';
  const typeOk = file.type ? REFERENCE_TYPES.includes(file.type) : REFERENCE_EXTENSIONS.includes(extension);
  if (!typeOk) return { key: 'painter.reference.badType', vars: { name: file.name } };
  if (file.size > IMAGE_LIMITS.referenceMaxBytes) return { key: 'painter.reference.tooLarge', vars: { name: file.name, mb: IMAGE_LIMITS.referenceMaxBytes / 1024 / 1024 } };
  if (file.size === 0) return { key: 'painter.reference.empty', vars: { name: file.name } };
  return null;
}

const NEED_IMAGES: Record<Exclude<PainterTab, 'txt2img'>, PainterKey> = {
  img2img: 'painter.invalid.needImages.img2img',
  blend: 'painter.invalid.needImages.blend',
  describe: 'painter.invalid.needImages.describe',
  swapFace: 'painter.invalid.needImages.swapFace',
};

interface FormState {
  tab: PainterTab;
  modelId: string;
  prompt: string;
  negativePrompt: string;
  usesPrompt: boolean;
  /** The model takes a negative prompt (otherwise what is typed there is not sent, nor checked). */
  sendsNegativePrompt: boolean;
  uploading: boolean;
  references: readonly unknown[];
}

/** Why the form cannot be sent now (the 生成 button is disabled and says so), or null. */
export function problemOf(form: FormState): Problem | null {
  if (!form.modelId) return { key: 'painter.invalid.noModel' };
  if (form.uploading) return { key: 'painter.invalid.uploading' };
  if (form.usesPrompt) {
    if (!form.prompt.trim()) return { key: 'painter.invalid.promptEmpty' };
    if (form.prompt.length > IMAGE_LIMITS.prompt) return { key: 'painter.invalid.promptTooLong', vars: { max: IMAGE_LIMITS.prompt } };
    if (form.sendsNegativePrompt && form.negativePrompt.length > IMAGE_LIMITS.negativePrompt) {
      return { key: 'painter.invalid.negativeTooLong', vars: { max: IMAGE_LIMITS.negativePrompt } };
    }
  }
  // 文生图 sends no images (the slots wait for 图生图).
  if (form.tab === 'txt2img') return null;
  const rule = referenceRule(form.tab);
  if (form.references.length > rule.max) return { key: 'painter.invalid.tooManyImages', vars: { max: rule.max } };
  if (form.references.length < rule.min) return { key: NEED_IMAGES[form.tab] };
  return null;
}
