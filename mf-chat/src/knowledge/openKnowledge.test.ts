import { toasts } from '@qiming/sdk';
import { openKnowledge, type KnowledgeTarget } from './openKnowledge';
import type { SelectedKnowledge } from './selectedKnowledge';
import { testBase } from './testBase';

jest.mock('@qiming/sdk', () => ({ ...jest.requireActual('@qiming/sdk'), toasts: { success: jest.fn(), error: jest.fn(), warn: jest.fn() } }));

function target(): KnowledgeTarget & { knowledge: SelectedKnowledge | null } {
  const page: KnowledgeTarget & { knowledge: SelectedKnowledge | null } = {
    knowledge: null,
    selectKnowledge: jest.fn((k: SelectedKnowledge) => {
      page.knowledge = { id: k.id, title: k.title };
    }),
    clearKnowledge: jest.fn(() => {
      page.knowledge = null;
    }),
  };
  return page;
}

const usable = [testBase(), testBase({ id: 'kb-pub', title: '公开手册', mine: false, isPublic: 1 })];

describe('?kgId=&kgTitle= (opening a knowledge base from a link)', () => {
  beforeEach(() => jest.clearAllMocks());

  it('selects it at once under the link title, then takes the title the server has', async () => {
    const page = target();
    let answer!: (list: typeof usable) => void;
    const opening = openKnowledge('kb-pub', '旧标题', page, () => new Promise((resolve) => (answer = resolve)));
    expect(page.knowledge).toEqual({ id: 'kb-pub', title: '旧标题' });
    answer(usable);
    expect(await opening).toBe(true);
    expect(page.knowledge).toEqual({ id: 'kb-pub', title: '公开手册' });
    expect(toasts.warn).not.toHaveBeenCalled();
  });

  it('an id the user may not use (unknown, or another user\'s private base) says so and selects nothing', async () => {
    const page = target();
    expect(await openKnowledge('kb-private-of-someone', '别人的', page, async () => usable)).toBe(false);
    expect(page.knowledge).toBeNull();
    expect(toasts.warn).toHaveBeenCalledWith('知识库不存在或无权访问');
  });

  it('the list could not be read: the link\'s choice stays', async () => {
    const page = target();
    expect(await openKnowledge('kb-1', '产品手册', page, async () => null)).toBe(true);
    expect(page.knowledge).toEqual({ id: 'kb-1', title: '产品手册' });
  });

  it('a base chosen while the list was read is left alone', async () => {
    const page = target();
    const opening = openKnowledge('kb-404', '', page, async () => {
      page.selectKnowledge({ id: 'kb-1', title: '产品手册' });
      return usable;
    });
    expect(await opening).toBe(false);
    expect(page.knowledge).toEqual({ id: 'kb-1', title: '产品手册' });
    expect(toasts.warn).not.toHaveBeenCalled();
  });
});
