import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { session } from '@qiming/sdk';
import type { Page, PaperCheck, PaperCheckFunctions, PaperCheckSummary, PaperDetector, PaperDocument, PaperReport, PriceQuote } from '@qiming/sdk/contracts';
import { PAPER_CHECK_LIMITS } from '@qiming/sdk/contracts';
import { UiProvider } from '@qiming/sdk/ui';
import type { PaperApi } from './paperApi';
import { PaperStoreProvider } from './paperContext';
import { PaperPage } from './PaperPage';
import { fileProblem, PaperStore, type PaperEnvironment } from './paperStore';
import { reportFileName } from './exportReport';
import { HighlightedText } from './ReportView';

jest.setTimeout(30000);

const FUNCTIONS: PaperCheckFunctions = {
  detectors: [
    { id: 'standard', points: 300, priceText: '300积分/次', method: 'statistical' },
    { id: 'v2', points: 800, priceText: '800积分/次', method: 'statistical' },
  ],
  offlineDemo: true,
  model: 'gpt-4o-mini',
  limits: PAPER_CHECK_LIMITS,
};
const DOCUMENT: PaperDocument = { id: 'doc-1', name: '论文.docx', kind: 'docx', size: 2048, chars: 812, paragraphs: 6, createdAt: '2025-03-01T08:00:00Z' };
const REPORT: PaperReport = {
  overall: 62,
  level: 'medium',
  detector: 'standard',
  method: 'statistical',
  model: null,
  featureSet: 1,
  features: [
    { id: 'uniformity', value: 0.8, weight: 0.35 },
    { id: 'connectives', value: 0.9, weight: 0.3 },
  ],
  paragraphs: [
    { index: 0, text: '那年夏天我在外婆家住了整整两个月。', score: 12, level: 'low', method: 'statistical', spans: [] },
    { index: 1, text: '首先，人工智能提升效率。其次，它降低成本。', score: 81, level: 'high', method: 'statistical', spans: [{ start: 0, end: 12, reason: '连接词与套话：首先' }] },
  ],
  skipped: 1,
  fallbacks: 0,
  checkedAt: '2025-03-01T08:00:05Z',
  durationMs: 30,
};
const check = (over: Partial<PaperCheck> = {}): PaperCheck => ({
  id: 'check-1',
  documentId: 'doc-1',
  documentName: '论文.docx',
  detector: 'standard',
  status: 'queued',
  statusText: '排队中',
  progress: 0,
  error: null,
  points: 300,
  offlineDemo: true,
  overall: null,
  createdAt: '2025-03-01T08:00:00Z',
  finishedAt: null,
  report: null,
  ...over,
});

function fakeApi(reads: PaperCheck[] = []): jest.Mocked<PaperApi> {
  return {
    functions: jest.fn(async () => FUNCTIONS),
    upload: jest.fn(async (_file: File) => DOCUMENT),
    start: jest.fn(async (_documentId: string, _detector: PaperDetector) => check()),
    read: jest.fn(async (_checkId: string) => reads.shift() ?? check({ status: 'succeeded', statusText: '已完成', progress: 100, overall: 62, report: REPORT })),
    list: jest.fn(async (_pageNo: number, _pageSize: number): Promise<Page<PaperCheckSummary>> => ({ total: 0, list: [] })),
    remove: jest.fn(async (_checkId: string) => undefined),
    quote: jest.fn(async (model: string): Promise<PriceQuote> => ({ model, maxCost: model.endsWith('v2') ? 720 : 270, priceText: '', multiplier: 1, allowed: true, reason: null, reasonCode: null })),
    refreshPoints: jest.fn(async () => undefined),
  };
}

function environment(signedIn = true): jest.Mocked<PaperEnvironment> {
  return { signedIn: jest.fn(() => signedIn), requireLogin: jest.fn(() => signedIn), warn: jest.fn((_text: string) => undefined), confirm: jest.fn((_text: string) => true) };
}

const TEXTS = { badType: '仅支持 PDF、DOCX、TXT 格式的论文', tooLarge: '论文文件过大', empty: '文件是空的', needDocument: '请先上传论文', deleteConfirm: '删除吗？' };
const fileOf = (name: string, size: number) => Object.defineProperty(new File(['x'], name), 'size', { value: size });

describe('the paper store', () => {
  it('checks type and size in the browser before uploading', async () => {
    expect(fileProblem({ name: 'a.pdf', size: 10 }, TEXTS)).toBeNull();
    expect(fileProblem({ name: 'A.DOCX', size: 10 }, TEXTS)).toBeNull();
    expect(fileProblem({ name: 'a.doc', size: 10 }, TEXTS)).toBe(TEXTS.badType);
    expect(fileProblem({ name: 'a.txt', size: 0 }, TEXTS)).toBe(TEXTS.empty);
    expect(fileProblem({ name: 'a.txt', size: PAPER_CHECK_LIMITS.maxBytes + 1 }, TEXTS)).toBe(TEXTS.tooLarge);

    const api = fakeApi();
    const env = environment();
    const store = new PaperStore(api, env, 5);
    store.texts = TEXTS;
    await store.chooseFile(fileOf('a.png', 100));
    expect(env.warn).toHaveBeenCalledWith(TEXTS.badType);
    expect(api.upload).not.toHaveBeenCalled();
    await store.chooseFile(fileOf('论文.docx', 2048));
    expect(api.upload).toHaveBeenCalledTimes(1);
    expect(store.document).toEqual(DOCUMENT);
  });

  it('asks a signed-out visitor to log in instead of uploading or starting', async () => {
    const api = fakeApi();
    const env = environment(false);
    const store = new PaperStore(api, env, 5);
    await store.show();
    expect(store.price).toBe(300);
    expect(api.list).not.toHaveBeenCalled();
    await store.chooseFile(fileOf('论文.docx', 2048));
    await store.start();
    expect(env.requireLogin).toHaveBeenCalledTimes(2);
    expect(api.upload).not.toHaveBeenCalled();
    expect(api.start).not.toHaveBeenCalled();
  });

  it('shows the quoted cost of the chosen detector, starts, polls until the report, then refreshes points and history', async () => {
    const api = fakeApi([check({ status: 'running', statusText: '检测中', progress: 50 })]);
    const store = new PaperStore(api, environment(), 5);
    store.texts = TEXTS;
    await store.show();
    expect(store.price).toBe(270);
    store.setDetector('v2');
    expect(store.price).toBe(720);
    await store.start();
    expect(api.start).not.toHaveBeenCalled();
    store.setDetector('standard');
    await store.chooseFile(fileOf('论文.docx', 2048));
    await store.start();
    expect(api.start).toHaveBeenCalledWith('doc-1', 'standard');
    await waitFor(() => expect(store.check?.status).toBe('succeeded'));
    expect(api.read).toHaveBeenCalledTimes(2);
    expect(store.check?.report?.overall).toBe(62);
    await waitFor(() => expect(api.refreshPoints).toHaveBeenCalledTimes(2));
    expect(api.list.mock.calls.length).toBeGreaterThanOrEqual(3);
    store.hide();
  });
});

describe('the report', () => {
  it('marks the highlighted passages with their reason', () => {
    render(<HighlightedText paragraph={{ text: '首先，人工智能提升效率。其次，它降低成本。', spans: [{ start: 12, end: 21, reason: '连接词与套话：其次' }] }} />);
    const mark = screen.getByText('其次，它降低成本。');
    expect(mark.tagName).toBe('MARK');
    expect(mark.getAttribute('title')).toBe('连接词与套话：其次');
    expect(screen.getByText('首先，人工智能提升效率。').tagName).toBe('SPAN');
  });

  it('renders the overall share, its level, the method, features and each paragraph; the PDF is named after the paper', async () => {
    session.setTokens('access', 'refresh');
    const api = fakeApi([]);
    api.list.mockResolvedValue({ total: 1, list: [{ ...check({ status: 'succeeded', statusText: '已完成', overall: 62 }) }] });
    const store = new PaperStore(api, environment(), 5);
    render(
      <UiProvider>
        <PaperStoreProvider value={store}>
          <PaperPage />
        </PaperStoreProvider>
      </UiProvider>,
    );
    await screen.findByText('离线演示');
    expect(screen.getByTestId('paper-cost').textContent).toBe('本次消耗 270 积分');
    const history = await screen.findByTestId('paper-history');
    expect(within(history).getByText('标准检测 · 62%')).toBeTruthy();
    await act(async () => {
      fireEvent.click(within(history).getByText('论文.docx'));
    });
    const report = await screen.findByTestId('paper-report');
    expect(within(report).getByTestId('paper-overall').textContent).toContain('62%');
    expect(within(report).getByTestId('paper-level').textContent).toBe('风险等级：中');
    expect(within(report).getByText('标准检测 · 统计估计（特征版本 1）')).toBeTruthy();
    expect(within(report).getByText('句长整齐度')).toBeTruthy();
    const paragraphs = within(report).getAllByTestId('paper-paragraph');
    expect(paragraphs.map((p) => p.getAttribute('data-level'))).toEqual(['low', 'high']);
    expect(within(paragraphs[1]!).getByText('81 分 · 高')).toBeTruthy();
    expect(within(paragraphs[1]!).getByText('首先，人工智能提升效率。').tagName).toBe('MARK');
    expect(screen.getByTestId('paper-download')).toBeTruthy();
    expect(reportFileName('我的 论文:终稿.docx')).toBe('我的_论文_终稿-AIGC检测报告.pdf');
    session.clear();
  });
});
