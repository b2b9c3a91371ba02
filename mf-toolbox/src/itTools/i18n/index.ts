import { createTranslator } from '@qiming/sdk';
import { itZhCN } from './zh-CN';

/**
 * The IT tools' own translator: their ~9 KiB (gzip) of text comes with the /itTools page chunk instead
 * of the area's main chunk that every toolbox page loads. Pages await `t.ready()` before showing.
 */
export const t = createTranslator(itZhCN, { 'en-US': () => import(/* webpackChunkName: "it-i18n-en-US" */ './en-US') });
