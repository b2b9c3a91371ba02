import { createTranslator } from '@qiming/sdk';
import { zhCN } from './zh-CN';

export const t = createTranslator(zhCN, { 'en-US': () => import(/* webpackChunkName: "i18n-en-US" */ './en-US') });
