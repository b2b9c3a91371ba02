import { fireEvent, render as renderBare, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { AGENT_CODES, ApiError, session } from '@qiming/sdk';
import { UiProvider } from '@qiming/sdk/ui';
import { ToolboxApiProvider, type ToolboxApi } from '../api/toolboxApi';
import { MyAgentsPage } from '../agents/MyAgentsPage';
import { agent, fakeApi } from '../testing/fakeApi';

const render = (api: ToolboxApi, url = '/toolBox/coll2') =>
  renderBare(
    <UiProvider>
      <MemoryRouter initialEntries={[url]} future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
        <ToolboxApiProvider value={api}>
          <MyAgentsPage />
        </ToolboxApiProvider>
      </MemoryRouter>
    </UiProvider>,
  );

const editor = () => screen.findByTestId('agent-editor');
const type = (scope: HTMLElement, placeholder: string, value: string) => fireEvent.change(within(scope).getByPlaceholderText(placeholder), { target: { value } });
/** By text: role queries over the editor's antd tree take seconds in jsdom. */
const button = (scope: HTMLElement | Document, text: string) => within(scope as HTMLElement).getAllByText(text).map((node) => node.closest('button')!).find(Boolean)!;
const save = () => fireEvent.click(button(document.body, '保存'));

jest.setTimeout(30000);

async function openCreate(api: ToolboxApi) {
  render(api);
  await screen.findAllByText('我创建的');
  fireEvent.click(button(document.body, '创建智能体'));
  return editor();
}

beforeEach(() => session.setTokens('access', 'refresh'));
afterEach(() => session.clear());

describe('创建智能体', () => {
  it('refuses empty required fields and texts over the limits before calling the server', async () => {
    const api = fakeApi([]);
    const form = await openCreate(api);
    save();
    expect(await within(form).findAllByText('此项为必填项')).toHaveLength(3);
    type(form, '给智能体起个名字', '名'.repeat(31));
    type(form, '一两句话介绍它能做什么，会显示在卡片上', '简介');
    type(form, '描述它的身份、任务、回答风格和需要遵守的规则', '你是助手');
    type(form, '开场问题 2', '问'.repeat(101));
    save();
    expect(await within(form).findByText('不能超过 30 个字符')).toBeTruthy();
    expect(within(form).getByText('不能超过 100 个字符')).toBeTruthy();
    expect(within(form).getByText('31 / 30')).toBeTruthy();
    expect(api.create).not.toHaveBeenCalled();
  });

  it('sends the trimmed draft with its category, model, questions and 公开', async () => {
    const api = fakeApi([]);
    const form = await openCreate(api);
    type(form, '给智能体起个名字', ' 周报助手 ');
    type(form, '一两句话介绍它能做什么，会显示在卡片上', '帮你写周报');
    type(form, '描述它的身份、任务、回答风格和需要遵守的规则', '你是周报写作助手。');
    type(form, '开场问题 1', '帮我写本周周报');
    type(form, '开场问题 3', '润色这段话');
    fireEvent.click(within(form).getByLabelText('公开'));
    save();
    await waitFor(() =>
      expect(api.create).toHaveBeenCalledWith({
        appName: '周报助手',
        description: '帮你写周报',
        appUrl: null,
        assistantUrl: null,
        kind1: 'other',
        mannulModel: 'gpt-4o-mini',
        systemPrompt: '你是周报写作助手。',
        question1: '帮我写本周周报',
        question2: '',
        question3: '润色这段话',
        question4: '',
        isPublic: 1,
      }),
    );
    await waitFor(() => expect(screen.queryByTestId('agent-editor')).toBeNull());
    // The list is read again to show the new agent.
    expect(api.mine.mock.calls.length).toBeGreaterThanOrEqual(2);
  });

  it('shows the server message of a refused save beside the form', async () => {
    const api = fakeApi([]);
    api.create.mockRejectedValueOnce(new ApiError(AGENT_CODES.bannedWords, '名称包含违规词，请修改后再提交'));
    const form = await openCreate(api);
    type(form, '给智能体起个名字', '周报助手');
    type(form, '一两句话介绍它能做什么，会显示在卡片上', '帮你写周报');
    type(form, '描述它的身份、任务、回答风格和需要遵守的规则', '你是周报写作助手。');
    save();
    expect((await screen.findByTestId('editor-error')).textContent).toContain('名称包含违规词，请修改后再提交');
    expect(screen.getByTestId('agent-editor')).toBeTruthy();
  });

  it('uploads a chosen icon through the uploads endpoint and refuses other files', async () => {
    const api = fakeApi([]);
    const form = await openCreate(api);
    const input = within(form).getByLabelText('图标') as HTMLInputElement;
    URL.createObjectURL = jest.fn(() => 'blob:icon');
    URL.revokeObjectURL = jest.fn();
    fireEvent.change(input, { target: { files: [new File(['%PDF'], 'a.pdf', { type: 'application/pdf' })] } });
    expect(api.uploadImage).not.toHaveBeenCalled();
    fireEvent.change(input, { target: { files: [new File(['png'], 'logo.png', { type: 'image/png' })] } });
    await waitFor(() => expect(api.uploadImage).toHaveBeenCalledTimes(1));
    expect(await within(form).findByText('更换图片')).toBeTruthy();
    type(form, '给智能体起个名字', '周报助手');
    type(form, '一两句话介绍它能做什么，会显示在卡片上', '帮你写周报');
    type(form, '描述它的身份、任务、回答风格和需要遵守的规则', '你是周报写作助手。');
    save();
    await waitFor(() => expect(api.create).toHaveBeenCalledWith(expect.objectContaining({ appUrl: '/app-api/backend-api/uploadedFile/k1' })));
  });
});

describe('编辑智能体', () => {
  const own = agent('7', { mine: true, appName: '翻译官', description: '中英互译', systemPrompt: '你是翻译。', kind1: 'translation', isPublic: 0, question2: '翻译这段话' });

  it('opens from ?edit=<id> with the saved values and sends updateApp with the id', async () => {
    const api = fakeApi([agent('1', { mine: true }), own]);
    render(api, '/toolBox/coll2?edit=7');
    const form = await editor();
    expect(screen.getByText('编辑智能体')).toBeTruthy();
    expect((within(form).getByPlaceholderText('给智能体起个名字') as HTMLInputElement).value).toBe('翻译官');
    expect((within(form).getByPlaceholderText('开场问题 2') as HTMLInputElement).value).toBe('翻译这段话');
    type(form, '描述它的身份、任务、回答风格和需要遵守的规则', '你是专业翻译。');
    save();
    await waitFor(() => expect(api.update).toHaveBeenCalledWith('7', expect.objectContaining({ appName: '翻译官', systemPrompt: '你是专业翻译。', kind1: 'translation', isPublic: 0, question2: '翻译这段话' })));
    expect(api.create).not.toHaveBeenCalled();
  });

  it('opens from a card’s 编辑 and deletes after the confirm', async () => {
    const api = fakeApi([own]);
    render(api);
    await screen.findByText('翻译官');
    fireEvent.click(button(document.body, '编辑'));
    expect((within(await editor()).getByPlaceholderText('给智能体起个名字') as HTMLInputElement).value).toBe('翻译官');
    fireEvent.click(button(document.body, '取消'));
    await waitFor(() => expect(screen.queryByTestId('agent-editor')).toBeNull());
    fireEvent.click(button(document.body, '删除'));
    expect(api.remove).not.toHaveBeenCalled();
    const confirm = await screen.findByText('删除智能体「翻译官」？');
    fireEvent.click(button(confirm.closest('.ant-popover') as HTMLElement, '删除'));
    await waitFor(() => expect(api.remove).toHaveBeenCalledWith('7'));
  });
});
