import { toasts } from '@qiming/sdk';

/** Copies text with the spec's feedback: 复制成功！ / 复制失败！ */
export async function copyText(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    toasts.success('复制成功！');
  } catch {
    toasts.error('复制失败！');
  }
}
