import { createTranslator } from './translator';
import { zhCN } from './zh-CN';

/** The SDK's own text; the host awaits `sdkText.ready()` with its own before drawing. */
export const sdkText = createTranslator(zhCN, { 'en-US': () => import(/* webpackChunkName: "sdk-i18n-en-US" */ './en-US') });
