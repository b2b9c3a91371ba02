import { observer } from 'mobx-react-lite';
import { navigateTo, session, useLoad, KNOWLEDGE_LIMITS } from '@qiming/sdk';
import type { KnowledgeBase, Page } from '@qiming/sdk/contracts';
import { Button } from '@qiming/sdk/ui';
import { Input } from '@qiming/sdk/ui/form';
import { Empty, Tag } from '@qiming/sdk/ui/display';
import { useToolboxApi } from '../api/toolboxApi';
import { AgentGrid } from '../agents/AgentGrid';
import { SignInFirst } from '../agents/SignInFirst';
import { useAgentSearch } from '../agents/useAgentSearch';
import { knowledgeCardView } from './knowledgeCardView';
import { knowledgeChatLink, knowledgeDetailLink } from './links';
import { t } from '../i18n';
import styles from './knowledge.module.css';

/**
 * getAllKnowledgePublic answers an array without a total: a full page means there may be another,
 * so the pager offers one page past this one until a page comes back short.
 */
function pageOf(list: KnowledgeBase[], pageNo: number): Page<KnowledgeBase> {
  const more = list.length >= KNOWLEDGE_LIMITS.pageSize ? 1 : 0;
  return { list, total: (pageNo - 1) * KNOWLEDGE_LIMITS.pageSize + list.length + more };
}

/** /toolBox/knowledgePagePublic 公共知识库: search the public bases, use one in the chat or look inside. */
export const PublicKnowledgePage = observer(function PublicKnowledgePage() {
  if (!session.isLoggedIn) return <SignInFirst detail={t('knowledge.publicSignIn')} />;
  return <PublicKnowledge />;
});

function PublicKnowledge() {
  const api = useToolboxApi();
  // The agent square's search: debounced typing, Enter at once, a new search back to page 1.
  const search = useAgentSearch();
  const { pageNo, keyWord } = search.query;
  const loaded = useLoad(async () => pageOf(await api.knowledge.publicBases({ pageNo, pageSize: KNOWLEDGE_LIMITS.pageSize, ...(keyWord ? { keyWord } : {}) }), pageNo), [api, pageNo, keyWord]);

  const actions = (base: KnowledgeBase) => (
    <>
      <Button size="small" type="primary" onClick={() => navigateTo(knowledgeChatLink(base.id, base.title))}>
        {t('knowledge.use')}
      </Button>
      <Button size="small" onClick={() => navigateTo(knowledgeDetailLink(base.id))}>
        {t('knowledge.view')}
      </Button>
    </>
  );

  return (
    <div>
      <div className={styles.toolbar}>
        <Input.Search
          className={styles.search}
          allowClear
          placeholder={t('knowledge.publicSearch')}
          aria-label={t('knowledge.publicSearch')}
          value={search.text}
          onChange={(event) => search.setText(event.target.value)}
          onSearch={search.searchNow}
        />
        <p className={styles.intro}>{t('knowledge.publicIntro')}</p>
      </div>
      <AgentGrid
        loaded={loaded}
        pageNo={pageNo}
        onPage={search.setPageNo}
        toView={(base) => knowledgeCardView(base, { tags: base.mine ? [<Tag key="mine" color="purple">{t('knowledge.mineTag')}</Tag>] : [], actions: actions(base) })}
        onOpen={(base) => navigateTo(knowledgeDetailLink(base.id))}
        empty={
          pageNo > 1 ? (
            // The page before was exactly full: there was no next page after all.
            <Empty description={t('knowledge.publicNoMore')}>
              <Button onClick={() => search.setPageNo(pageNo - 1)}>{t('knowledge.previousPage')}</Button>
            </Empty>
          ) : (
            <Empty description={keyWord ? t('knowledge.publicNoMatch') : t('knowledge.publicEmpty')} />
          )
        }
      />
    </div>
  );
}
