import { randomBytes } from 'node:crypto';
import type { SharedState } from '../../../sharedState/index.js';
import { takeOnce } from '../oneTimeState.js';

interface TicketRecord {
  /** Epoch ms; kept so that an update can keep the remaining lifetime. */
  expiresAt: number;
  /** The WeChat identity that scanned (and so confirmed) the code. */
  openid: string | null;
}

export const TICKET_PATTERN = /^[A-Za-z0-9_-]{32}$/;

const keyOf = (ticket: string) => `wechat:qr:${ticket}`;

/** Login QR tickets in SharedState: waiting → scanned by an openid → taken once by checkLogin. */
export class QrTickets {
  constructor(
    private readonly state: SharedState,
    readonly lifetimeSeconds: number,
    /** Milliseconds clock, for tests. */
    private readonly now: () => number = Date.now,
  ) {}

  async create(): Promise<string> {
    const ticket = randomBytes(24).toString('base64url');
    const record: TicketRecord = { expiresAt: this.now() + this.lifetimeSeconds * 1000, openid: null };
    await this.state.set(keyOf(ticket), JSON.stringify(record), this.lifetimeSeconds);
    return ticket;
  }

  /** null once expired, cancelled or taken. */
  async read(ticket: string): Promise<TicketRecord | null> {
    const value = await this.state.get(keyOf(ticket));
    return value === null ? null : (JSON.parse(value) as TicketRecord);
  }

  /** false when the ticket is gone. Scanning again (WeChat retries its push) is harmless. */
  async markScanned(ticket: string, openid: string): Promise<boolean> {
    const record = await this.read(ticket);
    const remaining = record ? Math.ceil((record.expiresAt - this.now()) / 1000) : 0;
    if (!record || remaining <= 0) return false;
    await this.state.set(keyOf(ticket), JSON.stringify({ ...record, openid }), remaining);
    return true;
  }

  async cancel(ticket: string): Promise<void> {
    await this.state.delete(keyOf(ticket));
  }

  /** The openid of a scanned ticket, to exactly one caller; the ticket is gone afterwards. */
  async take(ticket: string): Promise<string | null> {
    const value = await takeOnce(this.state, keyOf(ticket), this.lifetimeSeconds);
    return value === null ? null : (JSON.parse(value) as TicketRecord).openid;
  }
}
