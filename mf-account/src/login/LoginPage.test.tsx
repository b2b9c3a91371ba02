import type { ReactElement } from 'react';
import { act, fireEvent, render as renderBare, screen, waitFor, within } from '@testing-library/react';
import { i18n } from '@qiming/sdk';
import { UiProvider } from '@qiming/sdk/ui';
import type { AccountApi } from '../api/accountApi';
import { t } from '../i18n';
import { LoginPage } from './LoginPage';

const PNG = 'data:image/png;base64,iVBORw0KGgo=';

function fakeApi(overrides: Partial<AccountApi> = {}): jest.Mocked<AccountApi> {
  return {
    captcha: jest.fn(async () => ({ captchaId: 'c1', background: PNG, piece: PNG, width: 320, height: 160, pieceSize: 50, pieceY: 40, expiresInSeconds: 120 })),
    checkCaptcha: jest.fn(async () => ({ captchaToken: 'token-1' })),
    sendCode: jest.fn(async () => ({ resendAfterSeconds: 60, devOutbox: true })),
    register: jest.fn(() => new Promise(() => {})),
    login: jest.fn(() => new Promise(() => {})),
    resetPassword: jest.fn(async () => {}),
    wechatQrCode: jest.fn(async () => ({ ticket: 't', qrContent: 'http://localhost/x', expiresInSeconds: 120 })),
    wechatCheck: jest.fn(async () => null),
    socialProviders: jest.fn(async () => []),
    socialLogin: jest.fn(() => new Promise(() => {})),
    devOutboxOn: jest.fn(async () => true),
    apiKeys: jest.fn(async () => []),
    addApiKey: jest.fn(),
    updateApiKey: jest.fn(),
    deleteApiKey: jest.fn(),
    ...overrides,
  } as jest.Mocked<AccountApi>;
}

/** Pages render inside the area's UiProvider in the app, so they do here. */
const render = (page: ReactElement) => renderBare(<UiProvider>{page}</UiProvider>);

function phoneForm() {
  return screen.getByTestId(/^form-phone-/);
}

describe('LoginPage', () => {
  beforeEach(() => window.history.replaceState(null, '', '/loginPage'));

  it('refuses a malformed phone number before asking for a code', async () => {
    const api = fakeApi();
    render(<LoginPage api={api} />);
    const input = within(phoneForm()).getByPlaceholderText('请输入手机号');
    fireEvent.change(input, { target: { value: '12345' } });
    fireEvent.blur(input);
    expect(await screen.findByText('请输入正确的手机号')).toBeTruthy();
    fireEvent.click(within(phoneForm()).getByTestId('send-code'));
    await act(async () => {});
    expect(api.captcha).not.toHaveBeenCalled();
  });

  it('passes the slide captcha, sends the code to the normalised number and counts down', async () => {
    const api = fakeApi();
    render(<LoginPage api={api} />);
    fireEvent.change(within(phoneForm()).getByPlaceholderText('请输入手机号'), { target: { value: '+86 138-0013-8000' } });
    fireEvent.click(within(phoneForm()).getByTestId('send-code'));
    const piece = await screen.findByTestId('captcha-piece');
    for (let i = 0; i < 5; i++) fireEvent.keyDown(piece, { key: 'ArrowRight', shiftKey: true });
    fireEvent.keyDown(piece, { key: 'ArrowUp' });
    fireEvent.keyDown(piece, { key: 'ArrowUp', shiftKey: true });
    fireEvent.keyDown(piece, { key: 'Enter' });
    // the piece starts at (0, pieceY) and moves on both axes
    await waitFor(() => expect(api.checkCaptcha).toHaveBeenCalledWith('c1', { x: 50, y: 28 }, expect.any(Array)));
    // the challenge is asked for the number, and the arrow-key steps go with the check as its trace
    expect(api.captcha).toHaveBeenCalledWith('13800138000');
    const trace = (api.checkCaptcha as jest.Mock).mock.calls[0][2] as Array<[number, number, number]>;
    expect(trace.map(([x, y]) => [x, y])).toEqual([[0, 40], [10, 40], [20, 40], [30, 40], [40, 40], [50, 40], [50, 38], [50, 28], [50, 28]]);
    await waitFor(() => expect(api.sendCode).toHaveBeenCalledWith('phone', '13800138000', 'login', 'token-1'));
    expect(await within(phoneForm()).findByText('60 秒后重发')).toBeTruthy();
    expect(screen.getByTestId('dev-outbox-notice').innerHTML).toContain('/app-api/dev/outbox?to=13800138000');
  });

  it('opens on register with the invite code from ?aff= and sends it along', async () => {
    window.history.replaceState(null, '', '/loginPage?aff=INV12345');
    const api = fakeApi();
    render(<LoginPage api={api} />);
    expect(screen.getByRole('heading', { name: '注册启明 AI' })).toBeTruthy();
    const form = within(phoneForm());
    expect((form.getByPlaceholderText('好友的邀请码') as HTMLInputElement).value).toBe('INV12345');
    fireEvent.change(form.getByPlaceholderText('请输入手机号'), { target: { value: '13800138000' } });
    fireEvent.change(form.getByPlaceholderText('6 位验证码'), { target: { value: '123456' } });
    fireEvent.change(form.getByPlaceholderText('密码至少 8 位，且需同时包含字母和数字'), { target: { value: 'abc12345' } });
    fireEvent.click(form.getByRole('button', { name: '注册' }));
    await waitFor(() => expect(api.register).toHaveBeenCalledWith('phone', '13800138000', '123456', 'abc12345', 'INV12345'));
  });

  it('checks the password rule when registering', async () => {
    window.history.replaceState(null, '', '/loginPage?aff=X');
    const api = fakeApi();
    render(<LoginPage api={api} />);
    const form = within(phoneForm());
    fireEvent.change(form.getByPlaceholderText('请输入手机号'), { target: { value: '13800138000' } });
    fireEvent.change(form.getByPlaceholderText('6 位验证码'), { target: { value: '123456' } });
    fireEvent.change(form.getByPlaceholderText('密码至少 8 位，且需同时包含字母和数字'), { target: { value: 'short' } });
    fireEvent.click(form.getByRole('button', { name: '注册' }));
    expect(await form.findByText('密码至少 8 位，且需同时包含字母和数字', { selector: '.ant-form-item-explain-error' })).toBeTruthy();
    expect(api.register).not.toHaveBeenCalled();
  });

  it('logs in by password with the e-mail tab, normalising the address', async () => {
    const api = fakeApi();
    render(<LoginPage api={api} />);
    fireEvent.click(screen.getByRole('tab', { name: '邮箱' }));
    fireEvent.click(within(screen.getByTestId('form-email-code')).getByRole('button', { name: '密码登录' }));
    const form = within(await screen.findByTestId('form-email-password'));
    fireEvent.change(form.getByPlaceholderText('请输入邮箱地址'), { target: { value: '  Alice@Example.COM ' } });
    fireEvent.change(form.getByPlaceholderText('请输入密码'), { target: { value: 'whatever1' } });
    fireEvent.click(form.getByRole('button', { name: '登录' }));
    await waitFor(() => expect(api.login).toHaveBeenCalledWith('email', 'alice@example.com', { password: 'whatever1' }));
  });

  it('shows the WeChat QR code and keeps polling while it is not scanned', async () => {
    jest.useFakeTimers();
    try {
      const api = fakeApi();
      render(<LoginPage api={api} />);
      fireEvent.click(screen.getByRole('tab', { name: '微信扫码' }));
      await act(async () => {});
      expect(await screen.findByText('请使用微信扫一扫登录')).toBeTruthy();
      await act(async () => {
        jest.advanceTimersByTime(4100);
      });
      expect(api.wechatCheck).toHaveBeenCalledTimes(2);
      expect(api.wechatCheck).toHaveBeenCalledWith('t');
    } finally {
      jest.useRealTimers();
    }
  });

  it('speaks English in the international build', async () => {
    i18n.setLocale('en-US');
    try {
      await t.ready();
      render(<LoginPage api={fakeApi({ devOutboxOn: jest.fn(async () => true), socialProviders: jest.fn(async () => [{ id: 'github', name: 'GitHub' }]) })} />);
      expect(screen.getByRole('heading', { name: 'Sign in to Qiming AI' })).toBeTruthy();
      expect(await screen.findByRole('link', { name: 'Continue with GitHub' })).toBeTruthy();
      expect((await screen.findByTestId('dev-outbox-notice')).textContent).toContain('Once sent, find the code in the dev outbox.');
      expect(screen.getByTestId('login-card').textContent).not.toMatch(/[\u4e00-\u9fff]/);
    } finally {
      i18n.setLocale('zh-CN');
    }
  });
});
