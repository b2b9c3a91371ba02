import { createTranslator } from './translator';
import { i18n } from './locale';

const zhCN = { hello: '你好，{name}', bye: '再见', only: '仅中文' };

describe('createTranslator', () => {
  afterEach(() => i18n.setLocale('zh-CN'));

  it('answers zh-CN and fills placeholders', () => {
    const t = createTranslator(zhCN, { 'en-US': async () => ({ default: { hello: 'Hello, {name}', bye: 'Bye', only: 'Only' } }) });
    expect(t('hello', { name: '小明' })).toBe('你好，小明');
    expect(t('bye')).toBe('再见');
  });

  it('leaves an unknown placeholder as written', () => {
    const t = createTranslator(zhCN, { 'en-US': async () => ({ default: { hello: '', bye: '', only: '' } }) });
    expect(t('hello')).toBe('你好，{name}');
  });

  it('loads en-US once, on ready, and translates with it', async () => {
    const load = jest.fn(async () => ({ default: { hello: 'Hello, {name}', bye: 'Bye', only: 'Only' } }));
    const t = createTranslator(zhCN, { 'en-US': load });
    i18n.setLocale('en-US');
    expect(t('bye')).toBe('再见'); // not loaded yet: falls back to zh-CN
    await Promise.all([t.ready(), t.ready()]);
    expect(load).toHaveBeenCalledTimes(1);
    expect(t('hello', { name: 'Ming' })).toBe('Hello, Ming');
    expect(document.documentElement.lang).toBe('en-US');
  });

  it('does not load anything for zh-CN', async () => {
    const load = jest.fn();
    const t = createTranslator(zhCN, { 'en-US': load });
    await t.ready();
    expect(load).not.toHaveBeenCalled();
  });
});
