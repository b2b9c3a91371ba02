import type { ReactElement } from 'react';
import { act, fireEvent, render as renderBare, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { ApiError, session, KNOWLEDGE_LIMITS } from '@qiming/sdk';
import { UiProvider } from '@qiming/sdk/ui';
import { ToolboxApiProvider, type ToolboxApi } from '../api/toolboxApi';
import { fakeApi, fakeKnowledge, knowledgeBase, knowledgeChunk, knowledgeItem } from '../testing/fakeApi';
import { KnowledgePage } from './KnowledgePage';
import { PublicKnowledgePage } from './PublicKnowledgePage';
import { createLimiter, inRunsOf } from './uploadRules';

const render = (ui: ReactElement, knowledge = fakeKnowledge(), url = '/toolBox/knowledgePage') => {
  const api: ToolboxApi = { ...fakeApi(), knowledge };
  renderBare(
    <UiProvider>
      <MemoryRouter initialEntries={[url]} future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
        <ToolboxApiProvider value={api}>{ui}</ToolboxApiProvider>
      </MemoryRouter>
    </UiProvider>,
  );
  return knowledge;
};

// antd in jsdom is slow on a busy machine (as in editor.test.tsx).
jest.setTimeout(30000);

const file = (name: string, size = 10) => new File(['x'.repeat(size)], name, { type: 'text/plain' });

beforeEach(() => session.setTokens('access', 'refresh'));
afterEach(() => {
  session.clear();
  jest.useRealTimers();
});

describe('limits', () => {
  it('runs at most n uploads at a time and attaches 50 uploads a call', async () => {
    const limit = createLimiter(3);
    let running = 0;
    let most = 0;
    const task = () =>
      limit(async () => {
        running++;
        most = Math.max(most, running);
        await new Promise((resolve) => setTimeout(resolve, 1));
        running--;
      });
    await Promise.all(Array.from({ length: 8 }, task));
    expect(most).toBe(3);
    expect(inRunsOf(Array.from({ length: 120 }, (_, i) => i), 50).map((run) => run.length)).toEqual([50, 50, 20]);
  });
});

describe('我的知识库', () => {
  it('asks a visitor to sign in', () => {
    session.clear();
    render(<KnowledgePage />);
    expect(screen.getByText('请先登录')).toBeTruthy();
  });

  it('lists own bases with their counts and explains an empty list', async () => {
    render(<KnowledgePage />, fakeKnowledge([knowledgeBase('kb1', { isPublic: 1, documentCount: 3, chunkCount: 41, sizeBytes: 3 * 1024 * 1024 })]));
    const card = await screen.findByTestId('agent-card');
    expect(within(card).getByText('知识库kb1')).toBeTruthy();
    expect(within(card).getByText('公开')).toBeTruthy();
    expect(within(card).getByText('3 个文档')).toBeTruthy();
    expect(within(card).getByText('41 个分段')).toBeTruthy();
    expect(within(card).getByText('3.0 MB')).toBeTruthy();
    expect(screen.getByText('已创建 1/20 个知识库')).toBeTruthy();
  });

  it('checks the form, shows the server’s refusal beside it, then creates and opens the base', async () => {
    const knowledge = fakeKnowledge([]);
    render(<KnowledgePage />, knowledge);
    expect(await screen.findByText(/你还没有知识库/)).toBeTruthy();
    fireEvent.click(screen.getAllByRole('button', { name: '新建知识库' })[0]!);
    const form = await screen.findByTestId('knowledge-form');
    fireEvent.click(screen.getByRole('button', { name: '创建' }));
    expect(await within(form).findByText('请输入知识库名称')).toBeTruthy();
    fireEvent.change(within(form).getByLabelText('知识库名称'), { target: { value: '长'.repeat(51) } });
    expect(await within(form).findByText('不能超过 50 个字符')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '创建' }));
    expect(knowledge.create).not.toHaveBeenCalled();

    knowledge.create.mockRejectedValueOnce(new ApiError(2606, '标题包含违规词，请修改后再提交'));
    fireEvent.change(within(form).getByLabelText('知识库名称'), { target: { value: ' 产品手册 ' } });
    fireEvent.click(within(form).getByRole('switch', { name: '公开' }));
    fireEvent.click(screen.getByRole('button', { name: '创建' }));
    expect((await screen.findByTestId('knowledge-form-error')).textContent).toContain('标题包含违规词，请修改后再提交');
    expect(knowledge.create).toHaveBeenLastCalledWith({ title: '产品手册', remark: '', isPublic: 1 });

    fireEvent.click(screen.getByRole('button', { name: '创建' }));
    expect(await screen.findByTestId('knowledge-detail')).toBeTruthy();
    expect(knowledge.items).toHaveBeenCalledWith('new');
  });
});

describe('a base’s detail', () => {
  it('shows each state, polls every 2 s while documents are being indexed, and stops when none is', async () => {
    jest.useFakeTimers();
    const knowledge = fakeKnowledge();
    knowledge.items
      .mockResolvedValueOnce([
        knowledgeItem('i1', { status: 'queued', statusText: '排队中' }),
        knowledgeItem('i2', { status: 'parsing', statusText: '解析中' }),
        knowledgeItem('i3', { status: 'failed', statusText: '失败（文件里没有可读的文字）', error: '文件里没有可读的文字' }),
        knowledgeItem('i4'),
      ])
      .mockResolvedValueOnce([knowledgeItem('i1', { status: 'parsing', statusText: '解析中' }), knowledgeItem('i2'), knowledgeItem('i4')])
      .mockResolvedValue([knowledgeItem('i1'), knowledgeItem('i2'), knowledgeItem('i4')]);
    render(<KnowledgePage />, knowledge, '/toolBox/knowledgePage?kgId=kb1');
    expect(await screen.findByText('排队中')).toBeTruthy();
    expect(screen.getByText('失败（文件里没有可读的文字）')).toBeTruthy();
    expect(screen.getByTestId('status-i3').className).toMatch(/error/);
    expect(knowledge.items).toHaveBeenCalledTimes(1);

    await act(() => jest.advanceTimersByTimeAsync(2000));
    expect(knowledge.items).toHaveBeenCalledTimes(2);
    await act(() => jest.advanceTimersByTimeAsync(2000));
    expect(knowledge.items).toHaveBeenCalledTimes(3);
    expect(screen.queryByText('解析中')).toBeNull();
    await act(() => jest.advanceTimersByTimeAsync(10000));
    expect(knowledge.items).toHaveBeenCalledTimes(3);
  });

  it('uploads the files one after the other with their progress, shows a failure per file and adds the rest in one call', async () => {
    const knowledge = fakeKnowledge();
    let finishSlow: () => void = () => {};
    knowledge.upload.mockImplementation(async (f, onProgress) => {
      if (f.name === 'bad.pdf') throw new ApiError(2105, '文件解析失败：PDF 已加密');
      onProgress(40);
      if (f.name === 'slow.md') await new Promise<void>((resolve) => (finishSlow = resolve));
      return { knowledgeId: `up-${f.name}`, fileContent: '', url: '', name: f.name, kind: 'text', mime: 'text/plain', size: f.size, ocr: false };
    });
    render(<KnowledgePage />, knowledge, '/toolBox/knowledgePage?kgId=kb1');
    const input = await screen.findByTestId('upload-input');
    fireEvent.change(input, { target: { files: [file('bad.pdf'), file('slow.md'), file('notes.txt'), file('archive.zip')] } });

    expect(await screen.findByText('失败：文件解析失败：PDF 已加密')).toBeTruthy();
    expect(screen.getByText('失败：不支持的文件类型')).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('progressbar', { name: 'slow.md' }).getAttribute('aria-valuenow')).toBe('40'));
    // The server parses one upload per user at a time: notes.txt waits for slow.md.
    expect(knowledge.upload).toHaveBeenCalledTimes(2);
    expect(screen.getByText('等待上传')).toBeTruthy();
    expect(knowledge.addItems).not.toHaveBeenCalled();

    act(() => finishSlow());
    await waitFor(() => expect(knowledge.addItems).toHaveBeenCalledTimes(1));
    expect(knowledge.upload).toHaveBeenCalledTimes(3);
    expect(knowledge.addItems).toHaveBeenCalledWith('kb1', ['up-slow.md', 'up-notes.txt']);
    expect(await screen.findAllByText('已加入，等待解析')).toHaveLength(2);
    await waitFor(() => expect(knowledge.items).toHaveBeenCalledTimes(2));
  });

  it('adds pasted text as a Markdown document through the same upload', async () => {
    const knowledge = fakeKnowledge();
    const sent: File[] = [];
    knowledge.upload.mockImplementation(async (f) => {
      sent.push(f);
      return { knowledgeId: 'up-pasted', fileContent: '', url: '', name: f.name, kind: 'text', mime: 'text/markdown', size: f.size, ocr: false };
    });
    render(<KnowledgePage />, knowledge, '/toolBox/knowledgePage?kgId=kb1');
    fireEvent.click(await screen.findByRole('button', { name: '粘贴文本' }));
    fireEvent.click(screen.getByRole('button', { name: '加入知识库' }));
    expect(await screen.findByText('请粘贴文本内容')).toBeTruthy();
    expect(knowledge.upload).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText('文档名称'), { target: { value: '产品/介绍' } });
    fireEvent.change(screen.getByLabelText('文本内容'), { target: { value: '# 产品介绍\n启明支持多种模型。' } });
    fireEvent.click(screen.getByRole('button', { name: '加入知识库' }));
    await waitFor(() => expect(knowledge.addItems).toHaveBeenCalledWith('kb1', ['up-pasted']));
    expect(sent[0]!.name).toBe('产品 介绍.md');
    // jsdom's File has no text(): read it as a browser would.
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(sent[0]!);
    });
    expect(text).toBe('# 产品介绍\n启明支持多种模型。');
  });

  it('deletes several documents at once after a confirm', async () => {
    const knowledge = fakeKnowledge();
    knowledge.items.mockResolvedValue([knowledgeItem('i1'), knowledgeItem('i2')]);
    render(<KnowledgePage />, knowledge, '/toolBox/knowledgePage?kgId=kb1');
    await screen.findByText('文档i1.pdf');
    const boxes = screen.getAllByRole('checkbox');
    fireEvent.click(boxes[0]!); // select all
    fireEvent.click(screen.getByRole('button', { name: '删除所选（2）' }));
    const confirm = await waitFor(() => document.querySelector<HTMLElement>('.ant-popconfirm')!);
    expect(within(confirm).getByText('删除选中的 2 个文档？')).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: '删除' }));
    await waitFor(() => expect(knowledge.removeItems).toHaveBeenCalledWith(['i1', 'i2']));
  });

  it('runs a hit test and shows ranked passages, or says nothing matched', async () => {
    const knowledge = fakeKnowledge();
    knowledge.hitTest.mockResolvedValueOnce([
      { chunkId: 'c1', itemId: 'i1', documentName: '售后政策.md', text: '退货需在收到商品后七天内申请', score: 0.0327868852, rank: 1 },
      { chunkId: 'c2', itemId: 'i1', documentName: '常见问题.md', text: '换货流程', score: 0.016, rank: 2 },
    ]);
    render(<KnowledgePage />, knowledge, '/toolBox/knowledgePage?kgId=kb1');
    fireEvent.click(await screen.findByRole('tab', { name: '命中测试' }));
    const question = await screen.findByLabelText(/输入要测试的问题/);
    fireEvent.change(question, { target: { value: ' 多久内可以退 ' } });
    fireEvent.click(screen.getByRole('button', { name: '测试' }));
    const hits = await screen.findAllByTestId('hit');
    expect(knowledge.hitTest).toHaveBeenCalledWith('kb1', '多久内可以退', 5);
    expect(within(hits[0]!).getByText('#1')).toBeTruthy();
    expect(within(hits[0]!).getByText('得分 0.0328')).toBeTruthy();
    expect(within(hits[0]!).getByText('售后政策.md')).toBeTruthy();
    expect(within(hits[1]!).getByText('#2')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: '测试' }));
    expect(await screen.findByText(/没有命中任何段落/)).toBeTruthy();
  });
});

describe('citation deep link', () => {
  it('opens someone’s public base read-only with the cited passage, and its page in the document', async () => {
    const knowledge = fakeKnowledge([knowledgeBase('kb2', { mine: false, isPublic: 1, author: '小红' })]);
    knowledge.passage.mockResolvedValue({
      chunk: knowledgeChunk('c9', { itemId: 'i7', seq: 44, heading: '售后服务 › 退货政策', text: '退货需在收到商品后七天内申请' }),
      knowledgeId: 'kb2',
      knowledgeTitle: '知识库kb2',
      documentName: '售后政策.md',
      pageNo: 3,
    });
    knowledge.chunks.mockResolvedValue({ list: [knowledgeChunk('c8', { seq: 43 }), knowledgeChunk('c9', { seq: 44, text: '退货需在收到商品后七天内申请' })], total: 60 });
    render(<KnowledgePage />, knowledge, '/toolBox/knowledgePage?kgId=kb2&chunk=c9');

    const dialog = await screen.findByTestId('passage-dialog');
    const passage = await within(dialog).findByTestId('passage-highlighted');
    expect(within(passage).getByText('售后服务 › 退货政策')).toBeTruthy();
    expect(within(passage).getByText('退货需在收到商品后七天内申请')).toBeTruthy();
    expect(within(dialog).getByText('知识库kb2 · 售后政策.md')).toBeTruthy();
    expect(knowledge.passage).toHaveBeenCalledWith('c9', { silent: true });

    // Someone else's base: read and test only.
    expect(screen.getByText('只读')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '上传文档' })).toBeNull();
    expect(screen.queryByRole('button', { name: '重新索引' })).toBeNull();
    expect(screen.queryByRole('button', { name: '编辑' })).toBeNull();

    fireEvent.click(within(dialog).getByRole('button', { name: '在文档中查看（第 3 页）' }));
    const chunks = await screen.findByTestId('chunk-dialog');
    await waitFor(() => expect(knowledge.chunks).toHaveBeenCalledWith('i7', 3));
    expect(within(await within(chunks).findByTestId('passage-highlighted')).getByText('#45')).toBeTruthy();
  });

  it('says so when the base does not exist or is not readable, and shows the list', async () => {
    const knowledge = fakeKnowledge([knowledgeBase('kb1')]);
    render(<KnowledgePage />, knowledge, '/toolBox/knowledgePage?kgId=private-of-someone&chunk=c1');
    expect(await screen.findByText('知识库不存在或无权访问')).toBeTruthy();
    expect(await screen.findByText('知识库kb1')).toBeTruthy();
    expect(knowledge.passage).not.toHaveBeenCalled();
  });
});

describe('公共知识库', () => {
  it('searches (debounced), offers the next page after a full one and uses a base in the chat', async () => {
    const knowledge = fakeKnowledge();
    const full = Array.from({ length: 20 }, (_, i) => knowledgeBase(`p${i}`, { mine: false, isPublic: 1, title: i === 0 ? '售后 & 退货' : `公开库${i}`, author: '小红' }));
    knowledge.publicBases.mockResolvedValue(full);
    render(<PublicKnowledgePage />, knowledge, '/toolBox/knowledgePagePublic');
    expect(await screen.findByText('售后 & 退货')).toBeTruthy();
    expect(knowledge.publicBases).toHaveBeenLastCalledWith({ pageNo: 1, pageSize: 20 });
    expect(screen.getAllByText('作者：小红')).toHaveLength(20);

    fireEvent.click(screen.getByTitle('2'));
    await waitFor(() => expect(knowledge.publicBases).toHaveBeenLastCalledWith({ pageNo: 2, pageSize: 20 }));

    fireEvent.change(screen.getByLabelText('搜索知识库名称或简介'), { target: { value: ' 退货 ' } });
    await waitFor(() => expect(knowledge.publicBases).toHaveBeenLastCalledWith({ pageNo: 1, pageSize: 20, keyWord: '退货' }));

    const card = (await screen.findByText('售后 & 退货')).closest('article')!;
    fireEvent.click(within(card as HTMLElement).getByRole('button', { name: '使用' }));
    expect(window.location.pathname).toBe('/chatPage');
    const params = new URLSearchParams(window.location.search);
    expect(params.get('kgId')).toBe('p0');
    expect(params.get('kgTitle')).toBe('售后 & 退货');
    expect(window.location.search).toContain(`kgTitle=${encodeURIComponent('售后 & 退货')}`);
  });
});
