import { t } from '../i18n';
import { downloadBlob } from '../markdown/download';
import type { BranchMessage } from '../chat/branch';

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

/** Saves Markdown text as a file. */
export function downloadText(fileName: string, text: string): void {
  downloadBlob(new Blob([text], { type: 'text/markdown;charset=utf-8' }), fileName);
}
