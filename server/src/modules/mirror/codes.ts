import { AppError } from '../../http/envelope.js';

/** The module's refusals: codes and Chinese texts (the international edition's English is in locale/enUS.ts). */
export const MIRROR_ERRORS = {
  notOpen: { code: 3501, msg: '本站暂未开放镜像站' },
  carMissing: { code: 3502, msg: '该账号不存在或已下线' },
  carDisabled: { code: 3503, msg: '该账号已停用，请选择其他账号' },
  carFull: { code: 3504, msg: '该账号已满员，请选择其他账号或稍后再试' },
  tierTooLow: { code: 3505, msg: '该账号仅限更高等级的套餐使用，请选择其他账号或升级套餐' },
  quotaUsed: { code: 3506, msg: '今日镜像站使用次数已用完，邀请好友可获得额外次数' },
  entering: { code: 3507, msg: '正在为你登录该账号，请稍候' },
  providerFailed: { code: 3508, msg: '镜像站暂时无法登录，本次不计入使用次数，请稍后再试' },
  keyMissing: { code: 3509, msg: '密钥不存在' },
  keyLimit: { code: 3510, msg: '最多只能保存 10 个镜像站密钥' },
  siteMissing: { code: 3511, msg: '镜像站不存在' },
} as const;

export function mirrorError(which: keyof typeof MIRROR_ERRORS): AppError {
  const { code, msg } = MIRROR_ERRORS[which];
  return new AppError(code, msg);
}

/** The texts of the one-time redirect's refusal page (a browser page, not JSON). */
export const HANDOFF_REFUSED = {
  title: '登录链接已失效',
  intro: '这个镜像站登录链接只能在生成它的浏览器中打开一次，且一分钟内有效。请回到镜像站页面重新点击「进入」。',
  back: '返回镜像站页面',
};
