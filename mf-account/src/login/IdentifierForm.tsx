import { useState } from 'react';
import type { LoginResult } from '@qiming/sdk/contracts';
import { Button } from '@qiming/sdk/ui';
import { Form, Input } from '@qiming/sdk/ui/form';
import type { AccountApi, Channel } from '../api/accountApi';
import { SendCodeButton } from './SendCodeButton';
import { CODE_RULE, normaliseTarget, PASSWORD_MESSAGE, PASSWORD_RULE, TARGET_MESSAGES } from './validation';
import styles from './login.module.css';

export type Mode = 'code' | 'password' | 'register' | 'reset';

interface Values {
  target: string;
  code?: string;
  password?: string;
  aff?: string;
}

interface Props {
  api: AccountApi;
  channel: Channel;
  mode: Mode;
  aff: string;
  onModeChange(mode: Mode): void;
  onLoggedIn(result: LoginResult): Promise<void> | void;
  onCodeSent(info: { target: string; devOutbox: boolean }): void;
  onPasswordReset(): void;
}

const SUBMIT_LABEL: Record<Mode, string> = { code: '登录', password: '登录', register: '注册', reset: '重置密码' };

/** One form for a phone or e-mail account: code login, password login, register or reset. */
export function IdentifierForm({ api, channel, mode, aff, onModeChange, onLoggedIn, onCodeSent, onPasswordReset }: Props) {
  const [form] = Form.useForm<Values>();
  const [submitting, setSubmitting] = useState(false);
  const messages = TARGET_MESSAGES[channel];
  const needsCode = mode !== 'password';
  const needsPassword = mode !== 'code';

  async function validTarget(): Promise<string | null> {
    try {
      const { target } = await form.validateFields(['target']);
      return normaliseTarget(channel, target);
    } catch {
      return null;
    }
  }

  async function submit(values: Values) {
    const target = normaliseTarget(channel, values.target);
    if (!target) return;
    setSubmitting(true);
    try {
      if (mode === 'reset') {
        await api.resetPassword(channel, target, values.code!, values.password!);
        form.setFieldValue('password', '');
        onPasswordReset();
        return;
      }
      const result =
        mode === 'register'
          ? await api.register(channel, target, values.code!, values.password, values.aff?.trim() || undefined)
          : await api.login(channel, target, mode === 'code' ? { code: values.code! } : { password: values.password! });
      await onLoggedIn(result);
    } catch {
      // the SDK showed the server's message
    } finally {
      setSubmitting(false);
    }
  }

  const codePurpose = mode === 'register' ? 'register' : mode === 'reset' ? 'reset' : 'login';

  return (
    <Form form={form} layout="vertical" requiredMark={false} onFinish={(values) => void submit(values)} initialValues={{ aff }} data-testid={`form-${channel}-${mode}`}>
      <Form.Item
        name="target"
        label={channel === 'phone' ? '手机号' : '邮箱'}
        validateTrigger="onBlur"
        rules={[
          { required: true, message: messages.required },
          { validator: async (_rule, value: string) => (!value || normaliseTarget(channel, value) ? undefined : Promise.reject(new Error(messages.invalid))) },
        ]}
      >
        <Input placeholder={messages.placeholder} autoComplete={channel === 'phone' ? 'tel' : 'email'} inputMode={channel === 'phone' ? 'tel' : 'email'} size="large" />
      </Form.Item>
      {needsCode ? (
        <Form.Item label="验证码" required>
          <div className={styles.codeRow}>
            <Form.Item name="code" noStyle rules={[{ required: true, message: '请输入验证码' }, { pattern: CODE_RULE, message: '验证码为 6 位数字' }]}>
              <Input aria-label="验证码" placeholder="6 位验证码" maxLength={6} inputMode="numeric" autoComplete="one-time-code" size="large" />
            </Form.Item>
            <SendCodeButton api={api} channel={channel} purpose={codePurpose} target={validTarget} onSent={onCodeSent} />
          </div>
        </Form.Item>
      ) : null}
      {needsPassword ? (
        <Form.Item
          name="password"
          label={mode === 'register' ? '设置密码（可选）' : mode === 'reset' ? '新密码' : '密码'}
          rules={[
            { required: mode !== 'register', message: '请输入密码' },
            ...(mode === 'password' ? [] : [{ pattern: PASSWORD_RULE, message: PASSWORD_MESSAGE }]),
          ]}
        >
          <Input.Password placeholder={mode === 'password' ? '请输入密码' : PASSWORD_MESSAGE} autoComplete={mode === 'password' ? 'current-password' : 'new-password'} size="large" />
        </Form.Item>
      ) : null}
      {mode === 'register' ? (
        <Form.Item name="aff" label="邀请码（可选）">
          <Input placeholder="好友的邀请码" size="large" />
        </Form.Item>
      ) : null}
      <Button type="primary" htmlType="submit" block size="large" loading={submitting}>
        {SUBMIT_LABEL[mode]}
      </Button>
      <div className={styles.modeLinks}>
        {mode === 'code' ? <ModeLink to="password" onChange={onModeChange} label="密码登录" /> : <ModeLink to="code" onChange={onModeChange} label="验证码登录" />}
        {mode === 'register' ? null : <ModeLink to="register" onChange={onModeChange} label="注册账号" />}
        {mode === 'password' ? <ModeLink to="reset" onChange={onModeChange} label="忘记密码" /> : null}
      </div>
    </Form>
  );
}

function ModeLink({ to, label, onChange }: { to: Mode; label: string; onChange(mode: Mode): void }) {
  return (
    <button type="button" className={styles.linkButton} onClick={() => onChange(to)}>
      {label}
    </button>
  );
}
