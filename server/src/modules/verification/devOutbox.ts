import type { CodeScene, OutboxMessage } from '@qiming/contracts';
import type { Log } from '../../log.js';
import type { SharedState } from '../../sharedState/index.js';
import { codeMessageText, type Channel, type CodeSender } from './codeSender.js';

/** Per target: the newest messages, kept for half an hour. */
export const OUTBOX_KEEP = 20;
export const OUTBOX_TTL_SECONDS = 30 * 60;

const boxKey = (to: string) => `outbox:${to}`;

/**
 * The development sender, for a channel with no real provider configured: the code is written to
 * the log and kept in shared state, where GET /app-api/dev/outbox shows it. Nothing is delivered.
 */
export class DevOutbox {
  constructor(
    private readonly state: SharedState,
    private readonly log: Log,
  ) {}

  sender(channel: Channel): CodeSender {
    return { channel, send: (to, code, scene) => this.deliver(channel, to, code, scene) };
  }

  /** The messages to `to` (normalised as the senders get it), newest first. */
  async messagesTo(to: string): Promise<OutboxMessage[]> {
    const stored = await this.state.get(boxKey(to));
    return stored ? (JSON.parse(stored) as OutboxMessage[]) : [];
  }

  private async deliver(channel: Channel, to: string, code: string, scene: CodeScene): Promise<void> {
    const message: OutboxMessage = { to, channel, scene, code, text: codeMessageText(code), sentAt: new Date().toISOString() };
    this.log.warn({ devOutbox: { channel, to, scene } }, `[dev outbox] ${channel} to ${to}: verification code ${code} (${scene}); not delivered`);
    // Read-modify-write: two sends to one target in the same instant could drop one of them, which
    // the per-target send limit rules out in practice; a development sender needs no more.
    const box = [message, ...(await this.messagesTo(to))].slice(0, OUTBOX_KEEP);
    await this.state.set(boxKey(to), JSON.stringify(box), OUTBOX_TTL_SECONDS);
  }
}
