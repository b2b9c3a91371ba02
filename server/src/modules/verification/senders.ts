import type { ServerConfig } from '../../config.js';
import type { DevOutbox } from './devOutbox.js';
import { createAliyunSmsSender } from './aliyunSms.js';
import type { Channel, CodeSender } from './codeSender.js';
import { createSmtpSender, smtpServerOf } from './smtpSender.js';

export interface CodeSenders {
  /** null: no real sender and the dev outbox is off (production): sends on that channel are refused. */
  senders: Record<Channel, CodeSender | null>;
  /** Channels without a real sender: their codes go to the dev outbox. */
  outboxChannels: ReadonlySet<Channel>;
  /** What the startup log says about each channel. */
  report: Array<{ level: 'info' | 'warn'; message: string }>;
}

/** A real sender for each configured channel, the dev outbox (when DEV_OUTBOX is on) or none for the others; never both for one channel. */
export function createCodeSenders(config: Pick<ServerConfig, 'smtp' | 'aliyunSms' | 'devStandIns'>, outbox: DevOutbox): CodeSenders {
  const outboxChannels = new Set<Channel>();
  const report: CodeSenders['report'] = [];
  const real = (sender: CodeSender, how: string): CodeSender => {
    report.push({ level: 'info', message: `verification codes by ${sender.channel}: ${how}` });
    return sender;
  };
  const toOutbox = (channel: Channel, unset: string): CodeSender | null => {
    if (!config.devStandIns.outbox) {
      report.push({ level: 'warn', message: `verification codes by ${channel}: UNAVAILABLE (${unset} not set, DEV_OUTBOX off): sends are refused` });
      return null;
    }
    outboxChannels.add(channel);
    report.push({
      level: 'warn',
      message: `verification codes by ${channel}: DEV OUTBOX (${unset} not set): nothing is delivered, codes are logged and shown at GET /app-api/dev/outbox; not for a public deployment`,
    });
    return outbox.sender(channel);
  };

  const { smtp, aliyunSms } = config;
  const email = smtp ? real(createSmtpSender(smtp), `SMTP via ${smtpServerOf(smtp.url)}`) : toOutbox('email', 'SMTP_URL, MAIL_FROM');
  const sms = aliyunSms
    ? real(createAliyunSmsSender(aliyunSms), `Aliyun SendSms at ${aliyunSms.endpoint} (sign ${aliyunSms.signName}, template ${aliyunSms.templateCode})`)
    : toOutbox('sms', 'ALIYUN_SMS_ACCESS_KEY_ID, ALIYUN_SMS_ACCESS_KEY_SECRET, ALIYUN_SMS_SIGN_NAME, ALIYUN_SMS_TEMPLATE_CODE');
  return { senders: { email, sms }, outboxChannels, report };
}
