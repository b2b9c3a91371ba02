/** The error catalogue of spec platform §8 / chat §8, as the product shows it (Chinese). */
export const MESSAGES = {
  networkError: '系统维护中或网络波动，如开启了全局代理，请关闭后刷新页面',
  timeout: '系统接口请求超时',
  httpStatus: (status: number) => `系统接口${status}异常`,
  sessionExpired: '登录状态已失效或已过期，请重新登录',
  refreshFailed: '获取登录信息失败，请重新登录',
  byCode: {
    401: '认证失败，无法访问系统资源',
    403: '当前操作没有权限',
    404: '访问资源不存在',
    default: '系统未知错误，请反馈给管理员',
  },
  insecureContext: '当前页面不是安全连接，无法完成请求签名，请使用 HTTPS 访问',
} as const;

/** Server messages the client never shows (spec: silent for these two). */
export const REFRESH_TOKEN_INVALID = '刷新令牌无效';
export const REFRESH_TOKEN_EXPIRED = '刷新令牌已过期';
export const USER_HAS_NOT_SCANNED = '用户未扫码';

export const SILENT_MESSAGES: ReadonlySet<string> = new Set([REFRESH_TOKEN_INVALID, REFRESH_TOKEN_EXPIRED, USER_HAS_NOT_SCANNED]);

export function messageForCode(code: number, msg?: string): string {
  if (msg) return msg;
  return MESSAGES.byCode[code as 401 | 403 | 404] ?? MESSAGES.byCode.default;
}
