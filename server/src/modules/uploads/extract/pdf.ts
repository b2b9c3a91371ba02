import { extractText, getDocumentProxy } from 'unpdf';
import { DocumentUnreadable } from './unreadable.js';

function reasonOf(error: unknown): string {
  const name = error instanceof Error ? error.name : '';
  if (name === 'PasswordException') return 'PDF 已加密，请先移除密码后再上传';
  return 'PDF 文件已损坏或格式不正确';
}

/**
 * The text layer of every page, pages separated by a blank line. A scanned PDF without a text
 * layer gives '' (the chat still sees the file name). pdf.js only logs errors.
 */
export async function pdfText(bytes: Uint8Array, signal: AbortSignal): Promise<string> {
  let pdf;
  try {
    // pdf.js takes ownership of (detaches) the buffer it is given: hand it a copy.
    pdf = await getDocumentProxy(new Uint8Array(bytes), { verbosity: 0, useSystemFonts: false });
  } catch (error) {
    throw new DocumentUnreadable(reasonOf(error), { cause: error });
  }
  const close = () => void pdf.loadingTask.destroy().catch(() => undefined);
  signal.addEventListener('abort', close, { once: true });
  try {
    const { text } = await extractText(pdf, { mergePages: false });
    return text.map((page) => page.trim()).filter(Boolean).join('\n\n');
  } catch (error) {
    throw new DocumentUnreadable(reasonOf(error), { cause: error });
  } finally {
    signal.removeEventListener('abort', close);
    close();
  }
}
