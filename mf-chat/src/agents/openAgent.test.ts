import { AGENT_CODES, agentsApi, ApiError, toasts } from '@qiming/sdk';
import { openAgent } from './openAgent';
import { testAgent } from './testAgent';

jest.mock('@qiming/sdk', () => {
  const actual = jest.requireActual('@qiming/sdk');
  return { ...actual, agentsApi: { byCode: jest.fn() }, toasts: { success: jest.fn(), error: jest.fn(), warn: jest.fn() } };
});

const byCode = agentsApi.byCode as jest.Mock;

function target() {
  return { selectAgent: jest.fn(), agentMissing: jest.fn() };
}

describe('opening an agent (/chatPage/g-<code>, ?model=<agent code>, history)', () => {
  beforeEach(() => jest.clearAllMocks());

  it('found: it becomes the current model; ?model= says 已切换为…模型, the g- route does not', async () => {
    byCode.mockResolvedValue(testAgent());
    const page = target();
    expect(await openAgent('gpt-4-gizmo-g-writer', page, false)).toBe(true);
    expect(byCode).toHaveBeenCalledWith('gpt-4-gizmo-g-writer', { silent: true });
    expect(page.selectAgent).toHaveBeenCalledWith(expect.objectContaining({ appName: '写作助手' }));
    expect(toasts.success).not.toHaveBeenCalled();
    await openAgent('gpt-4-gizmo-g-writer', page, true);
    expect(toasts.success).toHaveBeenCalledWith('已切换为写作助手模型');
  });

  it('unknown or hidden (2401): the agentMissing notice, the default model stays', async () => {
    byCode.mockRejectedValue(new ApiError(AGENT_CODES.notFound, '智能体不存在或已下架'));
    const page = target();
    expect(await openAgent('gpt-4-gizmo-g-user-c-404', page, true)).toBe(false);
    expect(page.agentMissing).toHaveBeenCalledWith('gpt-4-gizmo-g-user-c-404');
    expect(page.selectAgent).not.toHaveBeenCalled();
    expect(toasts.error).not.toHaveBeenCalled();
  });

  it('a g- route that is no agent code at all is missing without a call', async () => {
    const page = target();
    expect(await openAgent('no-such-agent', page, false)).toBe(false);
    expect(page.agentMissing).toHaveBeenCalledWith('no-such-agent');
    expect(byCode).not.toHaveBeenCalled();
  });

  it('another failure is a load error, not a missing agent', async () => {
    byCode.mockRejectedValue(new ApiError(0, 'network', 'network'));
    const page = target();
    expect(await openAgent('gpt-4-gizmo-g-writer', page, false)).toBe(false);
    expect(page.agentMissing).not.toHaveBeenCalled();
    expect(toasts.error).toHaveBeenCalledWith('智能体加载失败，请稍后重试');
  });
});
