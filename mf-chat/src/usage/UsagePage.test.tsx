import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ApiError, eventBus, session } from '@qiming/sdk';
import type { UsageDaily, UsageQuery, UsageRecord } from '@qiming/sdk/contracts';
import { UsagePage } from './UsagePage';
import type { UsageApi } from './usageApi';

const NOW = () => new Date('2030-03-01T23:30:00Z'); // 2030-03-02 07:30 in China

const record: UsageRecord = {
  id: 'gen-1', kind: 'chat', model: 'gpt-4o-mini', createdAt: '2030-03-01T23:00:00.000Z', finishedAt: null, status: 'charged',
  usage: { requests: 1 }, held: 40, charged: 40, refunded: 0, fees: { use: 40, search: 0, extension: 0 }, expiredDaily: 0, multiplierPercent: 100, failure: null,
};

function fakeApi(fail?: ApiError) {
  const calls: Array<{ kind: 'records' | 'daily'; query: UsageQuery }> = [];
  const api: UsageApi = {
    records: async (query) => {
      calls.push({ kind: 'records', query });
      if (fail) throw fail;
      return { list: [record], total: 1 };
    },
    daily: async (query): Promise<UsageDaily> => {
      calls.push({ kind: 'daily', query });
      if (fail) throw fail;
      return { from: query.from, to: query.to, total: 40, days: [{ day: query.to, total: 40, byKind: { chat: 40 } }] };
    },
  };
  return { api, calls };
}

describe('UsagePage', () => {
  afterEach(() => session.clear());

  it('signed out: asks to log in, and the button asks the host', () => {
    const asked = jest.fn();
    const off = eventBus.on('auth:required', asked);
    render(<UsagePage api={fakeApi().api} now={NOW} />);
    fireEvent.click(screen.getByRole('button', { name: '去登录' }));
    expect(screen.getByTestId('usage-login').textContent).toContain('登录后查看你的使用记录');
    expect(asked).toHaveBeenCalledTimes(1);
    off();
  });

  it('signed in: reads the last 7 China days, shows the charge and the chart', async () => {
    session.setTokens('access', 'refresh');
    const { api, calls } = fakeApi();
    render(<UsagePage api={api} now={NOW} />);
    expect(await screen.findByText('-40')).toBeTruthy();
    expect(screen.getByText('gpt-4o-mini')).toBeTruthy();
    expect(screen.getByTestId('usage-chart-total').textContent).toBe('合计 40 积分');
    expect(calls.map((c) => c.query)).toContainEqual({ from: '2030-02-24', to: '2030-03-02' });
    // A reversed range is refused here, without a call.
    const before = calls.length;
    fireEvent.change(screen.getByTestId('usage-from'), { target: { value: '2030-03-05' } });
    expect(screen.getByTestId('usage-range-problem').textContent).toBe('结束日期不能早于开始日期');
    expect(calls.length).toBe(before);
  });

  it('an expired session turns the page into the login ask (the SDK keeps quiet on /trace)', async () => {
    session.setTokens('access', 'refresh');
    const { api } = fakeApi(new ApiError(401, '登录状态已失效，请重新登录', 'session'));
    render(<UsagePage api={api} now={NOW} />);
    // What the SDK does when the refresh fails: loginstate false.
    await act(async () => session.markSessionExpired());
    await waitFor(() => expect(screen.getByTestId('usage-login')).toBeTruthy());
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
