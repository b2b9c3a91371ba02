import { i18n } from '@qiming/sdk';
import { t } from '.';
import { pages } from '../pages';
import { pickerTabs } from '../models/pickerTabs';
import { squareTabs } from '../square/squareModel';
import { groupHistory } from '../history/historyGroups';

afterEach(() => i18n.setLocale('zh-CN'));

describe('the chat area text', () => {
  it('is zh-CN by default', () => {
    expect(pages()[0]!.title).toBe('模型广场');
    expect(t('progress.waited', { seconds: 3 })).toBe('已等待 3 秒');
    expect(t('models.offlineDemo')).toBe('离线演示');
  });

  it('switches to en-US once the international build loaded it, including labels built at render time', async () => {
    i18n.setLocale('en-US');
    await t.ready();
    expect(pages()[0]!.title).toBe('Model Square');
    expect(pickerTabs([])[0]!.label).toBe('All');
    expect(squareTabs().find((tab) => tab.value === 'other')!.label).toBe('Other models');
    expect(t('models.offlineDemo')).toBe('Offline demo');
    expect(t('square.topFive')).toBe('Top 5 models');
    expect(t('history.deleteConfirm', { title: 'Plan' })).toBe('Delete “Plan”? This can’t be undone.');
    const now = new Date();
    expect(groupHistory([{ convGroupId: 'a', title: 'a', createTime: now.toISOString(), gptsId: null, icon: null, showInput: true }], now).map((g) => t(`history.${g.bucket}`))).toEqual(['Today']);
  });
});
