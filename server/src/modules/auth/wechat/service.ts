import { randomUUID } from 'node:crypto';
import type { LoginResult, WechatQrCode } from '@qiming/contracts';
import { AppError } from '../../../http/envelope.js';
import type { Log } from '../../../log.js';
import { DuplicateAccountError, type UsersService } from '../../users/service.js';
import type { User } from '../../users/repository.js';
import { wechatName } from '../../users/usernames.js';
import { AUTH_CODES } from '../codes.js';
import type { SessionService } from '../sessions.js';
import { scanEventOf } from './eventXml.js';
import { SCENE_PREFIX, WECHAT_UNAVAILABLE, type WechatQrProvider } from './providers.js';
import type { QrTickets } from './tickets.js';

export type TicketStatus = 'waiting' | 'scanned' | 'gone';

export const LOCAL_OPENID_PATTERN = /^local-[0-9a-f-]{36}$/;

/** A new openid for a browser that confirms on the local page (the "phone"). */
export function newLocalOpenid(): string {
  return `local-${randomUUID()}`;
}

/** WeChat QR login: a ticket per QR code, scanned by an openid, exchanged once for a session. */
export class WechatLoginService {
  constructor(
    private readonly tickets: QrTickets,
    readonly provider: WechatQrProvider,
    private readonly users: UsersService,
    private readonly sessions: SessionService,
    private readonly log: Log,
  ) {}

  async qrCode(origin: string): Promise<WechatQrCode> {
    if (this.provider.kind === 'unavailable') throw new AppError(503, WECHAT_UNAVAILABLE);
    const ticket = await this.tickets.create();
    const expiresInSeconds = this.tickets.lifetimeSeconds;
    try {
      return { ticket, qrContent: await this.provider.qrContent(ticket, origin, expiresInSeconds), expiresInSeconds };
    } catch (error) {
      await this.tickets.cancel(ticket);
      this.log.error({ err: error }, 'WeChat QR code could not be created');
      throw new AppError(500, '微信二维码生成失败，请稍后重试');
    }
  }

  /** 1301 until scanned, the session once (the ticket is used up), 1302 when gone. */
  async checkLogin(ticket: string): Promise<LoginResult> {
    const record = await this.tickets.read(ticket);
    if (!record) throw expired();
    if (!record.openid) throw new AppError(AUTH_CODES.qrNotScanned, '用户未扫码');
    const openid = await this.tickets.take(ticket);
    if (!openid) throw expired(); // another poll took it first
    return this.sessions.start(await this.userFor(openid));
  }

  async status(ticket: string): Promise<TicketStatus> {
    const record = await this.tickets.read(ticket);
    return !record ? 'gone' : record.openid ? 'scanned' : 'waiting';
  }

  /** The local confirm page's 确认登录; false when the ticket is gone. */
  confirm(ticket: string, openid: string): Promise<boolean> {
    return this.tickets.markScanned(ticket, openid);
  }

  cancel(ticket: string): Promise<void> {
    return this.tickets.cancel(ticket);
  }

  /** An official-account push: a scan of one of our login codes marks its ticket. Anything else is ignored. */
  async handlePush(xml: string): Promise<void> {
    const scan = scanEventOf(xml);
    if (!scan?.scene.startsWith(SCENE_PREFIX)) return;
    await this.tickets.markScanned(scan.scene.slice(SCENE_PREFIX.length), scan.openid);
  }

  private async userFor(openid: string): Promise<User> {
    const existing = await this.users.byWechatOpenid(openid);
    if (existing) return existing;
    try {
      return await this.users.create({ wechatOpenid: openid, username: wechatName(), uniqueUsername: true });
    } catch (error) {
      // The same openid signing up on two tickets at once: the other call created it.
      const created = error instanceof DuplicateAccountError ? await this.users.byWechatOpenid(openid) : undefined;
      if (created) return created;
      throw error;
    }
  }
}

function expired(): AppError {
  return new AppError(AUTH_CODES.qrExpired, '二维码已过期，请刷新');
}
