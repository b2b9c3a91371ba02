import { t } from '../i18n';

/** Why the microphone could not be opened, in words a user can act on. */
export function microphoneErrorText(error: unknown): string {
  if (typeof navigator !== 'undefined' && !navigator.mediaDevices?.getUserMedia) {
    return window.isSecureContext === false ? t('mic.insecure') : t('mic.unsupported');
  }
  const name = error instanceof Error || (typeof DOMException !== 'undefined' && error instanceof DOMException) ? (error as Error).name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return t('mic.denied');
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return t('mic.notFound');
  if (name === 'NotReadableError' || name === 'AbortError') return t('mic.busy');
  return t('mic.failed', { error: error instanceof Error ? error.message : String(error) });
}
