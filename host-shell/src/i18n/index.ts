import { createTranslator } from '@qiming/sdk';
import { zhCN } from './zh-CN';

export type HostMessageKey = keyof typeof zhCN;

/** The host's text; the international build loads en-US before the shell draws. */
export const t = createTranslator(zhCN, { 'en-US': () => import(/* webpackChunkName: "i18n-en-US" */ './en-US') });
