import { useCallback, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { useSearchParams } from 'react-router-dom';
import { session } from '@qiming/sdk';
import { Alert } from '@qiming/sdk/ui/feedback';
import { SignInFirst } from '../agents/SignInFirst';
import { KnowledgeDetail } from './KnowledgeDetail';
import { MyKnowledgeList } from './MyKnowledgeList';
import { t } from '../i18n';
import styles from './knowledge.module.css';

/**
 * /toolBox/knowledgePage 我的知识库: the list of own bases, or one base's detail when the URL says
 * `?kgId=<id>` (and `&chunk=<id>`: a chat citation's passage), so every view can be linked.
 */
export const KnowledgePage = observer(function KnowledgePage() {
  if (!session.isLoggedIn) return <SignInFirst detail={t('knowledge.signIn')} />;
  return <Knowledge />;
});

function Knowledge() {
  const [params, setParams] = useSearchParams();
  const [missing, setMissing] = useState(false);
  const kgId = params.get('kgId');
  const chunk = params.get('chunk');

  const onMissing = useCallback(() => {
    setMissing(true);
    setParams({}, { replace: true });
  }, [setParams]);

  if (kgId) {
    return (
      <KnowledgeDetail
        key={kgId}
        id={kgId}
        chunk={chunk}
        onBack={() => setParams({})}
        onMissing={onMissing}
        onPassage={(chunkId) => setParams(chunkId ? { kgId, chunk: chunkId } : { kgId }, { replace: !chunkId })}
      />
    );
  }
  return (
    <MyKnowledgeList
      notice={missing ? <Alert className={styles.notice} type="warning" showIcon closable message={t('knowledge.missing')} onClose={() => setMissing(false)} data-testid="knowledge-missing" /> : null}
      onOpen={(base) => {
        setMissing(false);
        setParams({ kgId: base.id });
      }}
    />
  );
}
