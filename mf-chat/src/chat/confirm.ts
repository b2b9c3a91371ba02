import { t } from '../i18n';

/** A confirm dialog from the UI kit, loaded when first needed (the chat page's first load stays small). */
export async function confirm(options: { title: string; content: string; okText: string; danger?: boolean; onOk(): unknown }): Promise<void> {
  const { Modal } = await import('@qiming/sdk/ui/feedback');
  Modal.confirm({
    title: options.title,
    content: options.content,
    okText: options.okText,
    cancelText: t('common.cancel'),
    okButtonProps: options.danger ? { danger: true } : undefined,
    onOk: options.onOk,
  });
}
