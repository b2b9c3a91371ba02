import type { CodeScene } from '@qiming/contracts';

export type Channel = 'sms' | 'email';

/** Delivers a verification code: SMTP, Aliyun SMS, or the dev outbox. */
export interface CodeSender {
  channel: Channel;
  /** Resolves once the provider accepted the message; rejects when it did not. */
  send(to: string, code: string, scene: CodeScene): Promise<void>;
}

/** How long a code is valid; the text below promises it. */
export const CODE_TTL_SECONDS = 300;

export const CODE_MAIL_SUBJECT = '【启明 AI】验证码';

/** The message as the user reads it (e-mail body, dev outbox; the SMS text is the Aliyun template's). */
export function codeMessageText(code: string): string {
  return `【启明 AI】您的验证码是 ${code}，${CODE_TTL_SECONDS / 60} 分钟内有效。如非本人操作请忽略。`;
}
