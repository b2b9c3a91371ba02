import { createTranslator } from '@qiming/sdk';
import { zhCN } from './zh-CN';

/** The chat area's text in the page's language (zh-CN bundled, en-US loaded by the international build). */
export const t = createTranslator(zhCN, { 'en-US': () => import(/* webpackChunkName: "i18n-en-US" */ './en-US') });
