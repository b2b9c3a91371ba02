import { IMAGE_LIMITS } from '@qiming/sdk';
import { checkReferenceFile, problemOf } from './rules';

const form = (extra: Partial<Parameters<typeof problemOf>[0]> = {}) => ({
  tab: 'txt2img' as const,
  modelId: 'sd-offline',
  prompt: '一只猫',
  negativePrompt: '',
  usesPrompt: true,
  sendsNegativePrompt: true,
  uploading: false,
  references: [],
  ...extra,
});

describe('problemOf', () => {
  it('checks the negative prompt only when the model takes one', () => {
    const long = '糊'.repeat(IMAGE_LIMITS.negativePrompt + 1);
    expect(problemOf(form({ negativePrompt: long }))?.key).toBe('painter.invalid.negativeTooLong');
    expect(problemOf(form({ negativePrompt: long, sendsNegativePrompt: false }))).toBeNull();
  });

  it('does not hold 混图 back for a prompt it does not send; 文生图 ignores the references waiting for 图生图', () => {
    const blend = form({ tab: 'blend', usesPrompt: false, prompt: '长'.repeat(IMAGE_LIMITS.prompt + 1), references: [1, 2] });
    expect(problemOf(blend)).toBeNull();
    expect(problemOf(form({ references: [1, 2, 3] }))).toBeNull();
    expect(problemOf(form({ tab: 'swapFace', usesPrompt: false, references: [1, 2, 3] }))?.key).toBe('painter.invalid.tooManyImages');
    expect(problemOf(form({ tab: 'img2img', uploading: true, references: [1] }))?.key).toBe('painter.invalid.uploading');
  });
});

describe('checkReferenceFile', () => {
  it('goes by the type, or by the extension when the browser gives none', () => {
    expect(checkReferenceFile(new File(['x'], 'a.webp', { type: 'image/webp' }))).toBeNull();
    expect(checkReferenceFile(new File(['x'], 'a.JPG'))).toBeNull();
    expect(checkReferenceFile(new File(['x'], 'a.svg', { type: 'image/svg+xml' }))?.key).toBe('painter.reference.badType');
    expect(checkReferenceFile(new File([], 'a.png', { type: 'image/png' }))?.key).toBe('painter.reference.empty');
  });
});
