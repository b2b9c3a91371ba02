import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { agentsApi, navigateTo } from '@qiming/sdk';
import AgentCentreDrawer from './AgentCentreDrawer';
import { testAgent } from './testAgent';

jest.mock('@qiming/sdk', () => ({
  ...jest.requireActual('@qiming/sdk'),
  navigateTo: jest.fn(),
  agentsApi: { categories: jest.fn(), mine: jest.fn(), favourites: jest.fn(), publicAgents: jest.fn() },
}));

const api = agentsApi as jest.Mocked<typeof agentsApi>;
const writer = testAgent();
const mine = testAgent({ code: 'gpt-4-gizmo-g-user-c-1', appName: '周报生成器', mine: true });

function setup(signedIn: boolean) {
  const props = { signedIn, onAgent: jest.fn(), onModel: jest.fn(), onClose: jest.fn(), modelIcon: (code: string) => (code === 'gpt-4o' ? '/icons/gpt.svg' : undefined) };
  render(<AgentCentreDrawer {...props} />);
  const tab = (name: string) => screen.getByRole('tab', { name });
  return { props, tab };
}

describe('the agent centre drawer', () => {
  beforeEach(() => {
    jest.clearAllMocks();
    api.categories.mockResolvedValue([
      { kind1: 'writing', name: '写作', count: 30 },
      { kind1: 'coding', name: '编程', count: 2 },
    ]);
    api.publicAgents.mockResolvedValue({ list: [writer], total: 45 });
    api.mine.mockResolvedValue({ list: [mine], total: 1 });
    api.favourites.mockResolvedValue({ list: [{ id: 'f', appName: '常用 GPT-4o', code: 'gpt-4o', coment: '写代码用', app: null, createTime: '' }], total: 1 });
  });

  it('opens on 公开智能体 (tab 1), page 1, with the category tabs; the pager and categories load other pages', async () => {
    const { tab } = setup(true);
    expect(tab('公开智能体').getAttribute('aria-selected')).toBe('true');
    expect(tab('公开智能体').dataset.tab).toBe('1');
    await screen.findByText('写作助手');
    expect(api.publicAgents).toHaveBeenCalledWith({ pageNo: 1, pageSize: 20 });
    expect(screen.getByTestId('agent-page').textContent).toBe('第 1 / 3 页');
    fireEvent.click(screen.getByRole('button', { name: '下一页' }));
    await waitFor(() => expect(api.publicAgents).toHaveBeenLastCalledWith({ pageNo: 2, pageSize: 20 }));
    fireEvent.click(await screen.findByRole('tab', { name: '编程' }));
    await waitFor(() => expect(api.publicAgents).toHaveBeenLastCalledWith({ pageNo: 1, pageSize: 20, kind1: 'coding' }));
  });

  it('创建智能体 (tab 2) closes the drawer and goes to /toolBox/coll2', async () => {
    const { tab, props } = setup(true);
    await screen.findByText('写作助手');
    expect(tab('创建智能体').dataset.tab).toBe('2');
    fireEvent.click(tab('创建智能体'));
    expect(props.onClose).toHaveBeenCalled();
    expect(navigateTo).toHaveBeenCalledWith('/toolBox/coll2');
  });

  it('signed out: 我的智能体 and 我的收藏 ask to log in and fetch nothing', async () => {
    const { tab } = setup(false);
    await screen.findByRole('tab', { name: '编程' });
    fireEvent.click(tab('我的智能体'));
    expect(screen.getByTestId('agents-sign-in')).toBeTruthy();
    fireEvent.click(tab('我的收藏'));
    expect(screen.getByTestId('agents-sign-in')).toBeTruthy();
    expect(api.mine).not.toHaveBeenCalled();
    expect(api.favourites).not.toHaveBeenCalled();
  });

  it('signed in: a card of 我的智能体 selects that agent and closes; a favourite model chooses the model', async () => {
    const { tab, props } = setup(true);
    await screen.findByRole('tab', { name: '编程' });
    fireEvent.click(tab('我的智能体'));
    fireEvent.click(await screen.findByText('周报生成器'));
    expect(api.mine).toHaveBeenCalledWith({ pageNo: 1, pageSize: 20 });
    expect(props.onAgent).toHaveBeenCalledWith(mine);
    expect(props.onClose).toHaveBeenCalledTimes(1);
    fireEvent.click(tab('我的收藏'));
    const card = await screen.findByText('常用 GPT-4o');
    expect(card.closest('button')!.querySelector('img')!.getAttribute('src')).toBe('/icons/gpt.svg');
    fireEvent.click(card);
    expect(props.onModel).toHaveBeenCalledWith('gpt-4o');
  });
});
