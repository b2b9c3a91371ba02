import { t } from '../i18n';

/** Why the microphone could not be opened, in words a user can act on. */
export function microphoneErrorText(error: unknown): string {
  const name = error instanceof Error ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return t('mic.denied');
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return t('mic.notFound');
  if (name === 'NotReadableError' || name === 'AbortError') return t('mic.busy');
  // no getUserMedia at all: an http page (browsers hide it outside secure contexts) or an old browser
  if (!navigator.mediaDevices?.getUserMedia) return window.isSecureContext === false ? t('mic.insecure') : t('mic.unsupported');
  return t('mic.failed', { error: error instanceof Error ? error.message : String(error) });
}
