import { useEffect, useState } from 'react';
import { Button } from '@qiming/sdk/ui';
import { Modal } from '@qiming/sdk/ui/feedback';
import type { AccountApi, Channel, CodePurpose } from '../api/accountApi';
import { SlideCaptcha } from './SlideCaptcha';
import { t } from '../i18n';

interface Props {
  api: Pick<AccountApi, 'captcha' | 'checkCaptcha' | 'sendCode'>;
  channel: Channel;
  purpose: CodePurpose;
  /** The normalised phone or e-mail, or null after showing why the field is not valid. */
  target(): Promise<string | null>;
  onSent(result: { target: string; devOutbox: boolean }): void;
}

/** 获取验证码: the slide captcha first, then the code is sent and the button counts down. */
export function SendCodeButton({ api, channel, purpose, target, onSent }: Props) {
  const [captchaFor, setCaptchaFor] = useState<string | null>(null);
  const [secondsLeft, setSecondsLeft] = useState(0);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    if (secondsLeft <= 0) return;
    const timer = window.setTimeout(() => setSecondsLeft((s) => s - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [secondsLeft]);

  async function open() {
    const value = await target();
    if (value) setCaptchaFor(value);
  }

  async function send(captchaToken: string) {
    const to = captchaFor;
    setCaptchaFor(null);
    if (!to) return;
    setSending(true);
    try {
      const result = await api.sendCode(channel, to, purpose, captchaToken);
      setSecondsLeft(result.resendAfterSeconds);
      onSent({ target: to, devOutbox: result.devOutbox });
    } catch {
      // the SDK already showed why (too fast, daily limit, …)
    } finally {
      setSending(false);
    }
  }

  return (
    <>
      <Button onClick={() => void open()} disabled={secondsLeft > 0} loading={sending} data-testid="send-code">
        {secondsLeft > 0 ? t('sendCode.resendIn', { seconds: secondsLeft }) : t('sendCode.button')}
      </Button>
      <Modal open={captchaFor !== null} title={t('sendCode.captchaTitle')} footer={null} onCancel={() => setCaptchaFor(null)} destroyOnHidden width={368}>
        {captchaFor !== null ? <SlideCaptcha api={api} target={captchaFor} onPassed={(token) => void send(token)} /> : null}
      </Modal>
    </>
  );
}
