import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { agentsApi, ApiError, toasts } from '@qiming/sdk';
import SaveFavouriteDialog from './SaveFavouriteDialog';

jest.mock('@qiming/sdk', () => ({
  ...jest.requireActual('@qiming/sdk'),
  agentsApi: { favourite: jest.fn() },
  toasts: { success: jest.fn(), error: jest.fn(), warn: jest.fn() },
}));

const api = agentsApi as jest.Mocked<typeof agentsApi>;

// The dialog's scroll lock measures a ::-webkit-scrollbar pseudo element, which jsdom does not implement.
const getComputedStyle = window.getComputedStyle;
beforeAll(() => {
  window.getComputedStyle = (element: Element) => getComputedStyle.call(window, element);
});
afterAll(() => {
  window.getComputedStyle = getComputedStyle;
});

describe('the save-favourite-app dialog', () => {
  beforeEach(() => jest.clearAllMocks());

  it('saves the application name (userAppName) and description for the code with addOrUpdateFavApp', async () => {
    api.favourite.mockResolvedValue({ id: 'f', appName: '写作', code: 'gpt-4-gizmo-g-writer', coment: '周报', app: null, createTime: '' });
    const onClose = jest.fn();
    render(<SaveFavouriteDialog code="gpt-4-gizmo-g-writer" name="写作助手" onClose={onClose} />);
    const name = screen.getByLabelText('应用名称') as HTMLInputElement;
    expect(name.value).toBe('写作助手');
    fireEvent.change(name, { target: { value: ' 写作 ' } });
    fireEvent.change(screen.getByLabelText('描述'), { target: { value: '周报' } });
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.favourite).toHaveBeenCalledWith({ appName: '写作', code: 'gpt-4-gizmo-g-writer', coment: '周报' });
    expect(toasts.success).toHaveBeenCalledWith('已保存到我的收藏');
  });

  it('an empty name is refused before any call; a refusal stays open (its message comes from the request client)', async () => {
    api.favourite.mockRejectedValue(new ApiError(2405, '应用名称过长'));
    const onClose = jest.fn();
    render(<SaveFavouriteDialog code="gpt-4o" name="GPT-4o" onClose={onClose} />);
    fireEvent.change(screen.getByLabelText('应用名称'), { target: { value: '  ' } });
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(toasts.warn).toHaveBeenCalledWith('请输入应用名称');
    expect(api.favourite).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText('应用名称'), { target: { value: 'GPT-4o' } });
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(api.favourite).toHaveBeenCalled());
    await waitFor(() => expect(screen.getByRole('button', { name: /保\s*存/ }).className).not.toMatch(/loading/));
    expect(onClose).not.toHaveBeenCalled();
    expect(toasts.error).not.toHaveBeenCalled();
  });
});
