import { observer } from 'mobx-react-lite';
import { navigateTo, session } from '@qiming/sdk';
import { Button } from '@qiming/sdk/ui';
import { Empty } from '@qiming/sdk/ui/display';
import { useCategories } from './categories';
import { agentEditLink } from './chatLinks';
import { MyAgentList } from './MyAgentList';
import { SignInFirst } from './SignInFirst';
import { t } from '../i18n';
import styles from './agents.module.css';

/** /toolBox/functionCall 我的插件: my agents that carry extensions; edited in 我的智能体. */
export const MyPluginsPage = observer(function MyPluginsPage() {
  const categories = useCategories();
  if (!session.isLoggedIn) return <SignInFirst detail={t('myPlugins.signIn')} />;
  return (
    <>
      <p className={styles.intro}>{t('myPlugins.intro')}</p>
      <MyAgentList
        funcCall
        categories={categories}
        onEdit={(app) => navigateTo(agentEditLink(app.id))}
        empty={
          <Empty description={<span className={styles.emptyText}>{t('myPlugins.empty')}</span>}>
            <Button type="primary" onClick={() => navigateTo('/toolBox/coll2?create=1')}>
              {t('mine.create')}
            </Button>
          </Empty>
        }
      />
    </>
  );
});
