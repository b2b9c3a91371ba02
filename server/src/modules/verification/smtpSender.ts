import nodemailer from 'nodemailer';
import { CODE_MAIL_SUBJECT, codeMessageText, type CodeSender } from './codeSender.js';

export interface SmtpOptions {
  /** smtp://user:pass@host:587 (STARTTLS when offered) or smtps://user:pass@host:465. */
  url: string;
  /** The From header, e.g. `启明 AI <no-reply@example.com>`. */
  from: string;
}

/** E-mail over SMTP with nodemailer: one connection per message (codes are few and far between). */
export function createSmtpSender({ url, from }: SmtpOptions): CodeSender {
  // nodemailer's defaults wait minutes for a dead server; the user is waiting for the answer.
  const transport = nodemailer.createTransport({ url, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 });
  return {
    channel: 'email',
    async send(to, code) {
      await transport.sendMail({ from, to, subject: CODE_MAIL_SUBJECT, text: codeMessageText(code) });
    },
  };
}

/** host:port of an SMTP URL, for the startup log (never the credentials). */
export function smtpServerOf(url: string): string {
  const parsed = new URL(url);
  return `${parsed.protocol}//${parsed.hostname}:${parsed.port || (parsed.protocol === 'smtps:' ? 465 : 587)}`;
}
