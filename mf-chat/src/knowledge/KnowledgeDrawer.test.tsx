import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { knowledgeApi, navigateTo } from '@qiming/sdk';
import KnowledgeDrawer from './KnowledgeDrawer';
import { testBase } from './testBase';

jest.mock('@qiming/sdk', () => ({
  ...jest.requireActual('@qiming/sdk'),
  navigateTo: jest.fn(),
  knowledgeApi: { mine: jest.fn(), publicBases: jest.fn() },
}));

const api = knowledgeApi as jest.Mocked<typeof knowledgeApi>;
const mine = testBase();
const publicPage = Array.from({ length: 20 }, (_, i) => testBase({ id: `pub-${i}`, title: `公开库 ${i}`, mine: false, isPublic: 1 }));

function setup(signedIn = true) {
  const props = { signedIn, onPick: jest.fn(), onClose: jest.fn() };
  render(<KnowledgeDrawer {...props} />);
  const tab = (name: string) => screen.getByRole('tab', { name });
  return { props, tab };
}

describe('the knowledge drawer', () => {
  beforeEach(() => {
    jest.clearAllMocks();
    api.mine.mockResolvedValue([mine]);
    api.publicBases.mockImplementation(async ({ keyWord, pageNo } = {}) => (keyWord ? [testBase({ id: 'law', title: '劳动法汇编', mine: false })] : pageNo === 1 ? publicPage : [testBase({ id: 'last', title: '最后一个' })]));
  });

  it('opens on 公共 (tab 1), 20 a page; 下一页 and a search load other pages', async () => {
    const { tab } = setup();
    expect(tab('公共').getAttribute('aria-selected')).toBe('true');
    expect(tab('公共').dataset.tab).toBe('1');
    expect(tab('我的').dataset.tab).toBe('0');
    await screen.findByText('公开库 0');
    expect(api.publicBases).toHaveBeenCalledWith({ pageNo: 1, pageSize: 20 });
    expect(screen.getByTestId('agent-page').textContent).toBe('第 1 页');
    fireEvent.click(screen.getByRole('button', { name: '下一页' }));
    await screen.findByText('最后一个');
    expect(api.publicBases).toHaveBeenLastCalledWith({ pageNo: 2, pageSize: 20 });
    expect((screen.getByRole('button', { name: '下一页' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByRole('textbox', { name: '搜索知识库' }), { target: { value: '劳动' } });
    await screen.findByText('劳动法汇编');
    expect(api.publicBases).toHaveBeenLastCalledWith({ pageNo: 1, pageSize: 20, keyWord: '劳动' });
  });

  it('cards show title, remark and documents; a card selects that base and closes', async () => {
    const { tab, props } = setup();
    fireEvent.click(tab('我的'));
    const card = (await screen.findByText('产品手册')).closest('button')!;
    expect(card.textContent).toContain('安装与常见问题');
    expect(card.textContent).toContain('3 篇文档');
    fireEvent.click(card);
    expect(props.onPick).toHaveBeenCalledWith(mine);
    expect(props.onClose).toHaveBeenCalled();
  });

  it('新建 (tab 2) closes the drawer and goes to /toolBox/knowledgePage', async () => {
    const { tab, props } = setup();
    await screen.findByText('公开库 0');
    expect(tab('新建').dataset.tab).toBe('2');
    fireEvent.click(tab('新建'));
    expect(props.onClose).toHaveBeenCalled();
    expect(navigateTo).toHaveBeenCalledWith('/toolBox/knowledgePage');
  });

  it('signed out: asks to log in and fetches nothing', async () => {
    setup(false);
    expect(screen.getByTestId('knowledge-sign-in')).toBeTruthy();
    await waitFor(() => expect(api.publicBases).not.toHaveBeenCalled());
    expect(api.mine).not.toHaveBeenCalled();
  });
});
