import type { ReactElement } from 'react';
import { act, fireEvent, render as renderBare, screen, within } from '@testing-library/react';
import { eventBus, session } from '@qiming/sdk';
import type { MirrorOverview } from '@qiming/sdk/contracts';
import { UiProvider } from '@qiming/sdk/ui';
import type { MirrorApi } from './mirrorApi';
import { MirrorPage } from './MirrorPage';

const render = (page: ReactElement) => renderBare(<UiProvider>{page}</UiProvider>);

const OVERVIEW: MirrorOverview = {
  sites: [{ id: 'oai', name: '镜像一号', origin: 'https://mirror.example', sessionMinutes: 60 }],
  cars: [
    { id: 'free', siteId: 'oai', name: 'Plus 1 号车', inUse: 2, capacity: 10, tier: 0, status: 'available', locked: false },
    { id: 'full', siteId: 'oai', name: 'Plus 2 号车', inUse: 5, capacity: 5, tier: 0, status: 'full', locked: false },
    { id: 'team', siteId: 'oai', name: 'Team 车', inUse: 0, capacity: 5, tier: 2, status: 'available', locked: true },
  ],
  quota: { day: '2025-03-07', used: 1, limit: 7, planUses: 2, inviteUses: 2, inviteCap: 10, promoUses: 3, promoDay: true, nextPromoDay: '2025-03-07', tier: 0 },
};

function fakeApi(overview: MirrorOverview = OVERVIEW): jest.Mocked<MirrorApi> {
  return {
    overview: jest.fn(async () => overview),
    enterCar: jest.fn(async () => ({ goUrl: '/app-api/mirror/go/xyz', expiresInSeconds: 60, sessionEndsAt: '', counted: true })),
    enterWithKey: jest.fn(),
    keys: jest.fn(async () => [{ id: 'k1', siteId: 'oai', name: '我的账号', maskedKey: 'eyJh…abcd', createdAt: '', updatedAt: '' }]),
    addKey: jest.fn(),
    updateKey: jest.fn(),
    deleteKey: jest.fn(),
  } as unknown as jest.Mocked<MirrorApi>;
}

describe('MirrorPage', () => {
  afterEach(() => session.clear());

  it('without a mirror site says so and links to the chat', async () => {
    render(<MirrorPage api={fakeApi({ sites: [], cars: [], quota: null })} />);
    expect(await screen.findByText('本站暂未开放镜像站')).toBeTruthy();
    expect(screen.getByRole('button', { name: '去 AI 对话' })).toBeTruthy();
  });

  it('shows the cars with their load, the quota of today and my keys; full and locked cars cannot be entered', async () => {
    session.setTokens('access', 'refresh');
    const api = fakeApi();
    render(<MirrorPage api={api} browser={{ open: () => null, assign: jest.fn() }} />);
    const free = await screen.findByTestId('mirror-car-free');
    expect(within(free).getByText('2 / 10 人')).toBeTruthy();
    expect(within(free).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('20');
    expect(within(screen.getByTestId('mirror-car-full')).getByText('已满员')).toBeTruthy();
    expect((within(screen.getByTestId('mirror-car-full')).getByRole('button') as HTMLButtonElement).disabled).toBe(true);
    expect(within(screen.getByTestId('mirror-car-team')).getByText('基础版及以上')).toBeTruthy();
    expect((within(screen.getByTestId('mirror-car-team')).getByRole('button') as HTMLButtonElement).disabled).toBe(true);
    const quota = screen.getByTestId('mirror-quota');
    expect(within(quota).getByText(/已用 1 \/ 7 次/)).toBeTruthy();
    expect(within(quota).getByText('今天是优惠日 +3 次')).toBeTruthy();
    expect(await screen.findByText('eyJh…abcd')).toBeTruthy();
  });

  it('entering opens the new tab on the one-time redirect', async () => {
    session.setTokens('access', 'refresh');
    const api = fakeApi();
    const opened = { location: { href: 'about:blank' }, opener: {} as unknown, close: jest.fn() };
    render(<MirrorPage api={api} browser={{ open: () => opened, assign: jest.fn() }} />);
    fireEvent.click(within(await screen.findByTestId('mirror-car-free')).getByRole('button'));
    await act(async () => {});
    expect(api.enterCar).toHaveBeenCalledWith('free');
    expect(opened.location.href).toBe('/app-api/mirror/go/xyz');
  });

  it('signed out: sees the cars, and entering asks to log in instead of calling the server', async () => {
    const api = fakeApi({ ...OVERVIEW, quota: null });
    const asked = jest.fn();
    const off = eventBus.on('auth:required', asked);
    const open = jest.fn(() => null);
    render(<MirrorPage api={api} browser={{ open, assign: jest.fn() }} />);
    expect(await screen.findByText('登录后即可选择账号进入镜像站，并查看今日剩余次数。')).toBeTruthy();
    expect(screen.queryByTestId('mirror-keys')).toBeNull();
    fireEvent.click(within(screen.getByTestId('mirror-car-free')).getByRole('button'));
    await act(async () => {});
    off();
    expect(asked).toHaveBeenCalled();
    expect(api.enterCar).not.toHaveBeenCalled();
    expect(open).not.toHaveBeenCalled();
  });
});
