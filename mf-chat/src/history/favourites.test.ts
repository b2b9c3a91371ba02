import { readFavourites, toggleFavourite, toggleFavouriteWithFeedback } from './favourites';

jest.mock('@qiming/sdk', () => ({ ...jest.requireActual('@qiming/sdk'), STORAGE_KEYS: { favoriteModels: 'favoriteModels' } }));

describe('favourite models', () => {
  beforeEach(() => window.localStorage.clear());

  it('toggles a model in and out, newest first, kept in local storage', () => {
    toggleFavourite({ value: 'gpt-4o', icon: 'i', label: 'GPT-4o' });
    toggleFavourite({ value: 'glm-4', icon: 'i', label: 'GLM-4' });
    expect(readFavourites().map((f) => f.value)).toEqual(['glm-4', 'gpt-4o']);
    toggleFavourite({ value: 'gpt-4o', icon: 'i', label: 'GPT-4o' });
    expect(readFavourites().map((f) => f.value)).toEqual(['glm-4']);
  });

  it('says the spec\'s 收藏成功，可在AI应用目录-我的收藏中查看 when added, 已取消收藏 when removed, 收藏失败 when the browser refuses', () => {
    const model = { value: 'gpt-4o', icon: 'i', label: 'GPT-4o' };
    expect(toggleFavouriteWithFeedback(model)).toMatchObject({ kind: 'success', message: '收藏成功，可在AI应用目录-我的收藏中查看' });
    expect(toggleFavouriteWithFeedback(model)).toEqual({ list: [], kind: 'success', message: '已取消收藏' });
    const full = { getItem: () => null, setItem: () => { throw new Error('QuotaExceededError'); } } as unknown as Storage;
    expect(toggleFavouriteWithFeedback(model, full)).toEqual({ list: [], kind: 'error', message: '收藏失败' });
  });

  it('ignores a damaged stored value', () => {
    window.localStorage.setItem('favoriteModels', '{not json');
    expect(readFavourites()).toEqual([]);
    window.localStorage.setItem('favoriteModels', JSON.stringify([{ value: 1 }, { value: 'a', label: 'A', icon: '' }]));
    expect(readFavourites().map((f) => f.value)).toEqual(['a']);
  });
});
