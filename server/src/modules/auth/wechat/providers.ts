import type { OfficialAccountClient } from './officialAccount.js';

/** What a login QR code encodes, by who plays the phone's part. */
export interface WechatQrProvider {
  readonly kind: 'local' | 'official' | 'unavailable';
  qrContent(ticket: string, origin: string, expireSeconds: number): Promise<string>;
}

export const LOCAL_CONFIRM_PATH = '/app-api/public/wechat/confirm';

/** No official account configured: the QR code opens this server's confirm page, which stands in for the phone. */
export const localConfirmProvider: WechatQrProvider = {
  kind: 'local',
  async qrContent(ticket, origin) {
    return `${origin}${LOCAL_CONFIRM_PATH}?ticket=${encodeURIComponent(ticket)}`;
  },
};

export const WECHAT_UNAVAILABLE = '微信登录暂不可用，请使用其他方式登录';

/** No official account and WECHAT_LOCAL_CONFIRM off (production): WeChat QR login is refused. */
export const unavailableProvider: WechatQrProvider = {
  kind: 'unavailable',
  qrContent() {
    throw new Error(WECHAT_UNAVAILABLE);
  },
};

/** The scene a login QR code carries; the event push names it. */
export const SCENE_PREFIX = 'login_';

export function officialAccountProvider(client: OfficialAccountClient): WechatQrProvider {
  return {
    kind: 'official',
    qrContent: (ticket, _origin, expireSeconds) => client.createTemporaryQr(`${SCENE_PREFIX}${ticket}`, expireSeconds),
  };
}
