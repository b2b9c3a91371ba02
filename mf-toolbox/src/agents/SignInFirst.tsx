import { Button, Result } from '@qiming/sdk/ui';
import { requireLogin } from './login';
import { t } from '../i18n';

/** A page that lists the user's own things, shown signed out. */
export function SignInFirst({ detail }: { detail: string }) {
  return (
    <Result
      status="info"
      title={t('signIn.title')}
      subTitle={detail}
      extra={
        <Button type="primary" onClick={() => requireLogin()}>
          {t('signIn.action')}
        </Button>
      }
    />
  );
}
