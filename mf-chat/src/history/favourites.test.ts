import { readFavourites, toggleFavourite } from './favourites';

jest.mock('@qiming/sdk', () => ({ STORAGE_KEYS: { favoriteModels: 'favoriteModels' } }));

describe('favourite models', () => {
  beforeEach(() => window.localStorage.clear());

  it('toggles a model in and out, newest first, kept in local storage', () => {
    toggleFavourite({ value: 'gpt-4o', icon: 'i', label: 'GPT-4o' });
    toggleFavourite({ value: 'glm-4', icon: 'i', label: 'GLM-4' });
    expect(readFavourites().map((f) => f.value)).toEqual(['glm-4', 'gpt-4o']);
    toggleFavourite({ value: 'gpt-4o', icon: 'i', label: 'GPT-4o' });
    expect(readFavourites().map((f) => f.value)).toEqual(['glm-4']);
  });

  it('ignores a damaged stored value', () => {
    window.localStorage.setItem('favoriteModels', '{not json');
    expect(readFavourites()).toEqual([]);
    window.localStorage.setItem('favoriteModels', JSON.stringify([{ value: 1 }, { value: 'a', label: 'A', icon: '' }]));
    expect(readFavourites().map((f) => f.value)).toEqual(['a']);
  });
});
