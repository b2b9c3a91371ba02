import type { ReactElement } from 'react';
import { act, fireEvent, render as renderBare, screen, waitFor, within } from '@testing-library/react';
import { eventBus, i18n, points, session, toasts, user, type AppEvents } from '@qiming/sdk';
import type { PayInfo, PayMethod, PayOrderCreated, PayOrderRequest, PayStatus, PlanView, TradeView, VoucherView } from '@qiming/sdk/contracts';
import { UiProvider } from '@qiming/sdk/ui';
import { QRCode } from '@qiming/sdk/ui/display';
import { t } from '../i18n';
import { PayDialogs } from '../PayDialogs';
import type { PayApi } from './payApi';
import { PayDialog } from './PayDialog';
import { PayPage } from './PayPage';
import { MAX_POLLS, POLL_INTERVAL_MS } from './payPolling';

const render = (ui: ReactElement) => renderBare(<UiProvider>{ui}</UiProvider>);

const plan = (type: 1 | 2 | 3, name: string, priceFen: number, points: number, extra: Partial<PlanView> = {}): PlanView => ({
  type,
  name,
  tagline: '',
  priceFen,
  points,
  packageLevel: type,
  packageDays: 30,
  subscriptionTier: 0,
  subscriptionDays: 0,
  vipDays: 0,
  uses: [{ model: 'gpt-4o-mini', label: 'GPT-4o mini', count: points / 10 }],
  recommended: false,
  ...extra,
});

const plansZh = [
  plan(1, '会员套餐', 680, 68000),
  plan(2, '专业套餐', 1880, 200000, { recommended: true, subscriptionTier: 2, subscriptionDays: 30 }),
  plan(3, '豪华套餐', 6880, 720000, { vipDays: 90 }),
];

interface FakeOptions {
  plans?: PlanView[];
  methods?: PayMethod[];
  statuses?: PayStatus[];
  discountFen?: number;
  vouchers?: VoucherView[];
  createOrder?: (request: PayOrderRequest) => Promise<PayOrderCreated>;
  recentOrders?: TradeView[];
}

/** A pay api answering like the server: order T1, T2, … with the sandbox URL as the QR code. */
function fakeApi(options: FakeOptions = {}) {
  let orders = 0;
  let polls = 0;
  const statuses = options.statuses ?? ['WAIT'];
  const info: PayInfo = { plans: options.plans ?? plansZh, methods: options.methods ?? ['sandbox'], charsPerUse: 400, orderMinutes: 5 };
  const api = {
    payInfo: jest.fn(async () => info),
    createOrder: jest.fn(
      options.createOrder ??
        (async (request: PayOrderRequest): Promise<PayOrderCreated> => {
          orders += 1;
          const priceFen = info.plans.find((p) => p.type === request.type)!.priceFen;
          const discountFen = request.voucherId === null ? 0 : (options.discountFen ?? 0);
          const method = request.method ?? info.methods[0]!;
          return { qrCode: `http://localhost:3000/pay/sandbox/T${orders}`, outTradeNo: `T${orders}`, amountFen: priceFen - discountFen, discountFen, method, expiresAt: '2026-12-01T00:05:00.000Z' };
        }),
    ),
    status: jest.fn(async (_outTradeNo: string) => statuses[Math.min(polls++, statuses.length - 1)]!),
    vouchers: jest.fn(async () => options.vouchers ?? []),
    recentOrders: jest.fn(async () => options.recentOrders ?? []),
  } satisfies PayApi;
  return api;
}

/** antd also puts the confirm's title in a hidden heading; this is the one shown. */
const CONFIRM_TITLE = { selector: '.ant-modal-confirm-title' };
/** 生成支付二维码: the user asks for the code (no order exists before). */
const askQr = async (name = '生成支付二维码') => fireEvent.click(await screen.findByRole('button', { name }));
const closeButton = () => document.querySelector<HTMLButtonElement>('.ant-modal-close')!;
const pollFor = async (intervals: number) => {
  for (let i = 0; i < intervals; i++) await act(() => jest.advanceTimersByTimeAsync(POLL_INTERVAL_MS));
};
/** The svg antd draws for a value with the dialog's settings (the reference the dialog's QR must equal). */
function qrSvgOf(value: string): string {
  const { container, unmount } = renderBare(<QRCode type="svg" value={value} size={200} icon="/icon-192.png" iconSize={50} errorLevel="H" />);
  const svg = container.querySelector('svg')!.outerHTML;
  unmount();
  return svg;
}

beforeEach(() => {
  session.setTokens('access-token', 'refresh-token');
  jest.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

describe('PayDialog', () => {
  it('opens with the plans, the recommended one chosen, and no order until 生成支付二维码 asks for its QR code', async () => {
    const api = fakeApi();
    render(<PayDialog open onClose={() => {}} api={api} />);
    expect(await screen.findByText('开通会员')).toBeTruthy();
    const cards = await screen.findAllByRole('radio');
    expect(cards.map((card) => card.getAttribute('aria-checked'))).toEqual(['false', 'true', 'false']);
    const recommended = within(screen.getByTestId('plan-2'));
    expect(recommended.getByText('推荐')).toBeTruthy();
    expect(recommended.getByText('¥18.80')).toBeTruthy();
    expect(recommended.getByText('200000 积分')).toBeTruthy();
    expect(screen.getByTestId('plan-2').textContent).toContain('约 20000 次 GPT-4o mini · 积分包 Lv2 · 30 天 · 订阅基础版 · 30 天');
    expect(screen.getByTestId('plan-3').textContent).toContain('VIP 90 天');
    // One card looks chosen: the recommended one carries only its badge (issue 19).
    expect(document.querySelectorAll('[role="radio"][aria-checked="true"]')).toHaveLength(1);
    expect(within(screen.getByTestId('plan-2')).getByText('✓')).toBeTruthy();
    expect(within(screen.getByTestId('plan-1')).queryByText('✓')).toBeNull();

    // Nobody asked for a code yet: no order exists (issue 19).
    expect(within(await screen.findByTestId('pay-ask')).getByText('¥18.80')).toBeTruthy();
    expect(api.createOrder).not.toHaveBeenCalled();
    await askQr();
    await waitFor(() => expect(api.createOrder).toHaveBeenCalledWith({ type: 2, method: 'sandbox' }));
    const link = await screen.findByText('沙箱支付：用手机扫码或点此打开确认页');
    expect(link.getAttribute('href')).toBe('http://localhost:3000/pay/sandbox/T1');
    expect(link.getAttribute('target')).toBe('_blank');
    const svg = screen.getByTestId('pay-qr').querySelector('svg')!;
    expect(svg.outerHTML).toBe(qrSvgOf('http://localhost:3000/pay/sandbox/T1'));
    expect(svg.outerHTML).not.toBe(qrSvgOf('http://localhost:3000/pay/sandbox/T2'));
    expect(svg.querySelector('image')!.getAttribute('href')).toBe('/icon-192.png');
    expect(screen.getByTestId('pay-amount').textContent).toBe('¥18.80');
  });

  it('another plan goes back to asking, then makes its own order; the points reason titles it 充值积分', async () => {
    const api = fakeApi();
    render(<PayDialog open onClose={() => {}} reason="points" api={api} />);
    expect(await screen.findByText('充值积分')).toBeTruthy();
    await askQr();
    await waitFor(() => expect(api.createOrder).toHaveBeenLastCalledWith({ type: 2, method: 'sandbox' }));
    await screen.findByTestId('pay-qr');
    fireEvent.click(screen.getByTestId('plan-1'));
    expect(within(await screen.findByTestId('pay-ask')).getByText('¥6.80')).toBeTruthy();
    expect(screen.queryByTestId('pay-qr')).toBeNull();
    expect(api.createOrder).toHaveBeenCalledTimes(1);
    await askQr();
    await waitFor(() => expect(api.createOrder).toHaveBeenLastCalledWith({ type: 1, method: 'sandbox' }));
    expect(await screen.findByText('¥6.80', { selector: '[data-testid="pay-amount"]' })).toBeTruthy();
  });

  it('on OK closes, says 支付成功，积分已到账 and emits pay:success', async () => {
    jest.useFakeTimers();
    const api = fakeApi({ statuses: ['WAIT', 'WAIT', 'OK'] });
    const onClose = jest.fn();
    const paid = jest.fn();
    const off = eventBus.on('pay:success', paid);
    try {
      render(<PayDialog open onClose={onClose} api={api} />);
      await askQr();
      await screen.findByTestId('pay-qr');
      await pollFor(2);
      expect(onClose).not.toHaveBeenCalled();
      await pollFor(1);
      expect(api.status).toHaveBeenCalledTimes(3);
      expect(api.status).toHaveBeenLastCalledWith('T1');
      expect(paid).toHaveBeenCalledWith({ outTradeNo: 'T1' });
      expect(onClose).toHaveBeenCalledTimes(1);
      expect(toasts.items.some((toast) => toast.kind === 'success' && toast.message === '支付成功，积分已到账')).toBe(true);
      await pollFor(3);
      expect(api.status).toHaveBeenCalledTimes(3);
    } finally {
      off();
    }
  });

  it('after 100 polls shows 二维码已过期，点击刷新; clicking makes a new order and polls it', async () => {
    jest.useFakeTimers();
    const api = fakeApi();
    render(<PayDialog open onClose={() => {}} api={api} />);
    await askQr();
    await screen.findByTestId('pay-qr');
    await pollFor(MAX_POLLS - 1);
    expect(screen.queryByText('二维码已过期，点击刷新')).toBeNull();
    await pollFor(1);
    fireEvent.click(await screen.findByText('二维码已过期，点击刷新'));
    await waitFor(() => expect(api.createOrder).toHaveBeenCalledTimes(2));
    expect((await screen.findByText('沙箱支付：用手机扫码或点此打开确认页')).getAttribute('href')).toBe('http://localhost:3000/pay/sandbox/T2');
    expect(screen.queryByText('二维码已过期，点击刷新')).toBeNull();
    await pollFor(1);
    expect(api.status).toHaveBeenLastCalledWith('T2');
  });

  it('asks 确认关闭？ before closing with an order waiting; cancel keeps it, OK closes and stops polling', async () => {
    jest.useFakeTimers();
    const api = fakeApi();
    const onClose = jest.fn();
    render(<PayDialog open onClose={onClose} api={api} />);
    await askQr();
    await screen.findByTestId('pay-qr');
    fireEvent.click(closeButton());
    expect(await screen.findByText('确认关闭？', CONFIRM_TITLE)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '取消' }));
    expect(onClose).not.toHaveBeenCalled();
    await pollFor(1);
    expect(api.status).toHaveBeenCalledTimes(1);

    fireEvent.click(closeButton());
    await screen.findByText('确认关闭？', CONFIRM_TITLE);
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    await pollFor(3);
    expect(api.status).toHaveBeenCalledTimes(1);
  });

  it('closes at once when no order is waiting, and a refused order can be retried', async () => {
    let refuse = true;
    const api = fakeApi();
    const create = api.createOrder.getMockImplementation()!;
    api.createOrder.mockImplementation(async (request) => {
      if (refuse) throw new Error('refused');
      return create(request);
    });
    const onClose = jest.fn();
    render(<PayDialog open onClose={onClose} api={api} />);
    await askQr();
    expect(await screen.findByText('支付二维码获取失败。')).toBeTruthy();
    fireEvent.click(closeButton());
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('确认关闭？', CONFIRM_TITLE)).toBeNull();

    refuse = false;
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByTestId('pay-qr')).toBeTruthy();
    expect(api.createOrder).toHaveBeenCalledTimes(2);
  });

  it('switches between the methods the server takes', async () => {
    const api = fakeApi({ methods: ['wechat', 'alipay'] });
    render(<PayDialog open onClose={() => {}} api={api} />);
    await askQr();
    expect(await screen.findByText('请使用微信扫码支付')).toBeTruthy();
    expect(api.createOrder).toHaveBeenLastCalledWith({ type: 2, method: 'wechat' });
    fireEvent.click(screen.getByRole('radio', { name: '支付宝' }));
    expect(await screen.findByText('请使用支付宝扫码支付')).toBeTruthy();
    expect(api.createOrder).toHaveBeenLastCalledWith({ type: 2, method: 'alipay' });
  });

  it('shows the automatic voucher and re-creates the order without it', async () => {
    const voucher: VoucherView = { id: 'v1', amountFen: 100, planTypes: [], expiresAt: null, note: '新人券' };
    const api = fakeApi({ discountFen: 100, vouchers: [voucher] });
    render(<PayDialog open onClose={() => {}} api={api} />);
    await askQr();
    expect(await screen.findByText('已自动使用优惠券 -¥1.00')).toBeTruthy();
    expect(screen.getByTestId('pay-amount').textContent).toBe('¥17.80');
    fireEvent.click(screen.getByText('不使用优惠券'));
    await waitFor(() => expect(api.createOrder).toHaveBeenLastCalledWith({ type: 2, method: 'sandbox', voucherId: null }));
    await waitFor(() => expect(screen.getByTestId('pay-amount').textContent).toBe('¥18.80'));
    expect(screen.queryByText('已自动使用优惠券 -¥1.00')).toBeNull();
    fireEvent.click(await screen.findByText('使用优惠券'));
    await waitFor(() => expect(api.createOrder).toHaveBeenLastCalledWith({ type: 2, method: 'sandbox' }));
  });

  it('signed out: shows the plans and 登录后购买 (auth:required) without making an order', async () => {
    session.clear();
    const api = fakeApi();
    const onClose = jest.fn();
    const required = jest.fn();
    const off = eventBus.on('auth:required', required);
    try {
      render(<PayDialog open onClose={onClose} api={api} />);
      fireEvent.click(await screen.findByRole('button', { name: '登录后购买' }));
      expect(required).toHaveBeenCalledTimes(1);
      expect(onClose).toHaveBeenCalledTimes(1);
      expect(screen.getAllByRole('radio')).toHaveLength(3);
      expect(api.createOrder).not.toHaveBeenCalled();
      expect(api.vouchers).not.toHaveBeenCalled();
    } finally {
      off();
    }
  });
});

describe('PayDialog size', () => {
  const matchMedia = window.matchMedia;
  afterEach(() => {
    window.matchMedia = matchMedia;
  });

  it('is 920 × 580 on wide screens, title included (the body fills what the title leaves)', async () => {
    render(<PayDialog open onClose={() => {}} api={fakeApi()} />);
    await askQr();
    await screen.findByTestId('pay-qr');
    expect(document.querySelector<HTMLElement>('.ant-modal')!.style.width).toBe('920px');
    expect(document.querySelector<HTMLElement>('.ant-modal-container')!.style.height).toBe('580px');
    expect(document.querySelector<HTMLElement>('.ant-modal-body')!.style.height).toBe('');
  });

  it('on phones shows the plans as tabs, then the QR code, then the chosen plan’s details', async () => {
    window.matchMedia = ((query: string) => ({ ...matchMedia(query), matches: query === '(max-width: 979.98px)' || query === '(max-width: 599.98px)' })) as typeof window.matchMedia;
    const api = fakeApi();
    render(<PayDialog open onClose={() => {}} api={api} />);
    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((tab) => [tab.textContent, tab.getAttribute('aria-selected')])).toEqual([
      ['会员套餐¥6.80', 'false'],
      ['专业套餐¥18.80', 'true'],
      ['豪华套餐¥68.80', 'false'],
    ]);
    await askQr();
    const qr = await screen.findByTestId('pay-qr');
    const details = screen.getByText('约 20000 次 GPT-4o mini');
    expect(screen.getByRole('tablist').compareDocumentPosition(qr) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(qr.compareDocumentPosition(details) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    fireEvent.click(tabs[0]!);
    expect(within(await screen.findByTestId('pay-ask')).getByText('¥6.80')).toBeTruthy();
  });

  it('fills the screen below 980 px', async () => {
    window.matchMedia = ((query: string) => ({ ...matchMedia(query), matches: query === '(max-width: 979.98px)' })) as typeof window.matchMedia;
    render(<PayDialog open onClose={() => {}} api={fakeApi()} />);
    await askQr();
    await screen.findByTestId('pay-qr');
    const dialog = document.querySelector<HTMLElement>('.ant-modal')!;
    expect(dialog.style.width).toBe('100vw');
    expect(dialog.style.top).toBe('0px');
    expect(document.querySelector<HTMLElement>('.ant-modal-body')!.style.height).toBe('');
  });
});

describe('PayDialogs', () => {
  it('opens the pay dialog on the pay:open that loaded it, with the plan the reason asks for; reopening starts fresh', async () => {
    const api = fakeApi();
    const opening = { event: 'pay:open' as keyof AppEvents, payload: { reason: 'plan:3' } };
    render(<PayDialogs opening={opening} api={api} />);
    await waitFor(() => expect(api.createOrder).toHaveBeenCalledWith({ type: 3, method: 'sandbox' }));
    expect((await screen.findByTestId('plan-3')).getAttribute('aria-checked')).toBe('true');

    fireEvent.click(closeButton());
    fireEvent.click(await screen.findByRole('button', { name: '确定' }));
    act(() => eventBus.emit('pay:open', {}));
    await askQr();
    await waitFor(() => expect(api.createOrder).toHaveBeenLastCalledWith({ type: 2, method: 'sandbox' }));
    expect(api.payInfo).toHaveBeenCalledTimes(2);
  });

  it('an ended session closes the open dialog (the user goes to log in; spec platform §8)', async () => {
    const api = fakeApi();
    render(<PayDialogs opening={{ event: 'pay:open' as keyof AppEvents, payload: {} }} api={api} />);
    expect(await screen.findByTestId('pay-dialog')).toBeTruthy();
    act(() => eventBus.emit('session:expired', { returnTo: '/pay', announced: true }));
    await waitFor(() => expect(screen.queryByTestId('pay-dialog')).toBeNull());
  });
});

describe('PayPage', () => {
  const now = Date.now();
  const day = 86_400_000;

  it('shows the plans with 立即购买 (pay:open plan:<type>), the 80% note and the use size', async () => {
    session.clear();
    const api = fakeApi();
    const opened = jest.fn();
    const off = eventBus.on('pay:open', opened);
    try {
      render(<PayPage api={api} />);
      const luxury = within(await screen.findByTestId('plan-3'));
      expect(luxury.getByText('豪华套餐')).toBeTruthy();
      expect(luxury.getByText('¥68.80')).toBeTruthy();
      expect(luxury.getByText('约 72000 次 GPT-4o mini')).toBeTruthy();
      expect(screen.getByText('基础套餐及以上用户按八折计费')).toBeTruthy();
      expect(screen.getByText('使用次数按约 400 字/次估算')).toBeTruthy();
      fireEvent.click(luxury.getByRole('button', { name: '立即购买' }));
      expect(opened).toHaveBeenCalledWith({ reason: 'plan:3' });
      expect(screen.queryByTestId('membership')).toBeNull();
      expect(api.recentOrders).not.toHaveBeenCalled();
    } finally {
      off();
    }
  });

  it('shows the signed-in user’s membership states and recent orders', async () => {
    user.info = {
      username: 'u',
      inviteCode: 'X',
      hasSignIn: false,
      inviterUsers: 0,
      totalAmount: 0,
      userLevel: 2,
      userSignExpireTime: now + 10 * day,
      userPackage2: 2,
      userPackageExpireTime2: now - day,
      morePackageTime: now - 1000,
    };
    points.set({ restIntegral: 68000, restIntegral2: 3000 });
    const order: TradeView = {
      outTradeNo: 'T9', type: 1, planName: '会员套餐', points: 68000, amountFen: 580, discountFen: 100, method: 'sandbox',
      status: 'OK', createdAt: new Date(now).toISOString(), expiresAt: new Date(now).toISOString(), paidAt: new Date(now).toISOString(),
    };
    try {
      render(<PayPage api={fakeApi({ recentOrders: [order, { ...order, outTradeNo: 'T8', status: 'EXPIRED' }] })} />);
      const subscription = await screen.findByTestId('membership-subscription');
      expect(subscription.textContent).toMatch(/^基础版已于 .+ 到期$/);
      expect(subscription.className).toContain('expired');
      expect(screen.getByText('Lv2')).toBeTruthy();
      expect(screen.getByRole('button', { name: '续费VIP' })).toBeTruthy();
      expect(screen.getByTestId('membership-balance').textContent).toBe('71000永久积分 68000 · 每日积分 3000');
      const orders = within(screen.getByTestId('recent-orders'));
      expect(await orders.findByText('已支付')).toBeTruthy();
      expect(orders.getByText('已过期')).toBeTruthy();
      expect(orders.getAllByText('¥5.80')).toHaveLength(2);
    } finally {
      user.clear();
      points.set(null);
    }
  });
});

describe('the international build', () => {
  const plansEn = [plan(1, 'Member', 680, 68000), plan(2, 'Professional', 1880, 200000, { recommended: true }), plan(3, 'Luxury', 6880, 720000, { vipDays: 90 })];

  beforeEach(async () => {
    i18n.setLocale('en-US');
    await t.ready();
  });
  afterEach(() => i18n.setLocale('zh-CN'));

  it('the pay dialog and the page have no Chinese', async () => {
    jest.useFakeTimers();
    const api = fakeApi({ plans: plansEn, methods: ['wechat', 'sandbox'], discountFen: 100, vouchers: [{ id: 'v', amountFen: 100, planTypes: [], expiresAt: null, note: '' }] });
    render(<PayDialog open onClose={() => {}} reason="points" api={api} />);
    await askQr('Show the payment QR code');
    expect(await screen.findByText('Scan with WeChat to pay')).toBeTruthy();
    expect(screen.getByText('Voucher applied automatically: -¥1.00')).toBeTruthy();
    const dialogText = () => [...document.querySelectorAll('.ant-modal')].map((dialog) => dialog.textContent).join(' ');
    fireEvent.click(closeButton());
    expect(await screen.findByText('Close this window?', CONFIRM_TITLE)).toBeTruthy();
    expect(dialogText()).not.toMatch(/[\u4e00-\u9fff]/);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await pollFor(MAX_POLLS);
    expect(await screen.findByText('QR code expired. Click to refresh')).toBeTruthy();
    expect(dialogText()).not.toMatch(/[\u4e00-\u9fff]/);
    jest.useRealTimers();

    const { container } = render(<PayPage api={api} />);
    expect(await screen.findByText('Basic plan members and above get 20% off model usage')).toBeTruthy();
    expect(await screen.findByText('Use counts assume about 400 characters per use')).toBeTruthy();
    await waitFor(() => expect(api.recentOrders).toHaveBeenCalled());
    expect(container.textContent).not.toMatch(/[\u4e00-\u9fff]/);
  });
});
