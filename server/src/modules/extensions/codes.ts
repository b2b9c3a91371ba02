/** What users and operators read of extensions (Chinese; the international table translates whole messages). */

export const EXTENSION_MESSAGES = {
  notFound: '扩展不存在或已停用',
  down: '扩展暂时无法连接，已跳过',
  disconnected: '扩展在调用中断开',
  cancelled: '调用已取消',
  truncated: '…（结果过长，已截断）',
  unknownTool: (name: string) => `没有名为 ${name} 的工具`,
  timedOut: (seconds: number) => `扩展调用超时（${seconds} 秒内没有结果）`,
  failed: (message: string) => `扩展调用失败：${message}`,
  missingVariable: (variable: string) => `环境变量 ${variable} 未设置`,
  outboundOff: '网页读取未开启：管理员未允许服务器访问外网',
} as const;

/** A tool result is cut to this many characters before it goes back to the model. */
export const RESULT_MAX_CHARS = 16_000;
