import { useState } from 'react';
import type { LoginResult } from '@qiming/sdk/contracts';
import { Button } from '@qiming/sdk/ui';
import { Form, Input } from '@qiming/sdk/ui/form';
import type { AccountApi, Channel } from '../api/accountApi';
import { SendCodeButton } from './SendCodeButton';
import { CODE_RULE, normaliseTarget, PASSWORD_RULE } from './validation';
import { t } from '../i18n';
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

/** One form for a phone or e-mail account: code login, password login, register or reset. */
export function IdentifierForm({ api, channel, mode, aff, onModeChange, onLoggedIn, onCodeSent, onPasswordReset }: Props) {
  const [form] = Form.useForm<Values>();
  const [submitting, setSubmitting] = useState(false);
  const needsCode = mode !== 'password';
  const needsPassword = mode !== 'code';
  const passwordRule = t('login.password.rule');

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
        label={t(`login.${channel}.label`)}
        validateTrigger="onBlur"
        rules={[
          { required: true, message: t(`login.${channel}.required`) },
          { validator: async (_rule, value: string) => (!value || normaliseTarget(channel, value) ? undefined : Promise.reject(new Error(t(`login.${channel}.invalid`)))) },
        ]}
      >
        <Input placeholder={t(`login.${channel}.placeholder`)} autoComplete={channel === 'phone' ? 'tel' : 'email'} inputMode={channel === 'phone' ? 'tel' : 'email'} size="large" />
      </Form.Item>
      {needsCode ? (
        <Form.Item label={t('login.code.label')} required>
          <div className={styles.codeRow}>
            <Form.Item name="code" noStyle rules={[{ required: true, message: t('login.code.required') }, { pattern: CODE_RULE, message: t('login.code.invalid') }]}>
              <Input aria-label={t('login.code.label')} placeholder={t('login.code.placeholder')} maxLength={6} inputMode="numeric" autoComplete="one-time-code" size="large" />
            </Form.Item>
            <SendCodeButton api={api} channel={channel} purpose={codePurpose} target={validTarget} onSent={onCodeSent} />
          </div>
        </Form.Item>
      ) : null}
      {needsPassword ? (
        <Form.Item
          name="password"
          label={t(mode === 'register' ? 'login.password.labelOptional' : mode === 'reset' ? 'login.password.labelNew' : 'login.password.label')}
          rules={[
            { required: mode !== 'register', message: t('login.password.required') },
            ...(mode === 'password' ? [] : [{ pattern: PASSWORD_RULE, message: passwordRule }]),
          ]}
        >
          <Input.Password placeholder={mode === 'password' ? t('login.password.placeholder') : passwordRule} autoComplete={mode === 'password' ? 'current-password' : 'new-password'} size="large" />
        </Form.Item>
      ) : null}
      {mode === 'register' ? (
        <Form.Item name="aff" label={t('login.invite.label')}>
          <Input placeholder={t('login.invite.placeholder')} size="large" />
        </Form.Item>
      ) : null}
      <Button type="primary" htmlType="submit" block size="large" loading={submitting}>
        {t(`login.submit.${mode}`)}
      </Button>
      <div className={styles.modeLinks}>
        {mode === 'code' ? <ModeLink to="password" onChange={onModeChange} /> : <ModeLink to="code" onChange={onModeChange} />}
        {mode === 'register' ? null : <ModeLink to="register" onChange={onModeChange} />}
        {mode === 'password' ? <ModeLink to="reset" onChange={onModeChange} /> : null}
      </div>
    </Form>
  );
}

function ModeLink({ to, onChange }: { to: Mode; onChange(mode: Mode): void }) {
  return (
    <button type="button" className={styles.linkButton} onClick={() => onChange(to)}>
      {t(`login.switchTo.${to}`)}
    </button>
  );
}
