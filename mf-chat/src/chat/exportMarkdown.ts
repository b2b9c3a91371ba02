import { t } from '../i18n';
import type { BranchMessage } from './branch';

/** The conversation shown, as a Markdown document (the question as a quote, the answer as written). */
export function conversationMarkdown(title: string, messages: readonly BranchMessage[]): string {
  const parts = [`# ${title}`];
  for (const { node } of messages) {
    const item = node.chatContent[0];
    if (!item) continue;
    if (item.role === 'user') parts.push(`## ${t('export.question')}\n\n${item.content.split('\n').map((line) => `> ${line}`).join('\n')}`);
    else parts.push(`## ${t('export.answer', { model: node.modelName })}\n\n${item.content}`);
  }
  return `${parts.join('\n\n')}\n`;
}

/** Saves text as a file through a temporary link. */
export function downloadText(fileName: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/markdown;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
