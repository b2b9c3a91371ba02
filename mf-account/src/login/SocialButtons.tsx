import { useLoad } from '@qiming/sdk';
import { Button } from '@qiming/sdk/ui';
import type { AccountApi } from '../api/accountApi';
import { t } from '../i18n';
import styles from './login.module.css';

/** Sign-in with the OAuth providers the server has configured (none: nothing is shown). */
export function SocialButtons({ api }: { api: Pick<AccountApi, 'socialProviders'> }) {
  const { data: providers = [] } = useLoad(() => api.socialProviders(), [api]);

  if (!providers.length) return null;
  return (
    <div className={styles.social}>
      <div className={styles.divider}>{t('social.divider')}</div>
      {providers.map((provider) => (
        <Button key={provider.id} block href={`/app-api/public/social/authorize?provider=${encodeURIComponent(provider.id)}`}>
          {t('social.signInWith', { provider: provider.name })}
        </Button>
      ))}
    </div>
  );
}
