import { useState } from 'react';
import { AGENT_LIMITS, isAgentCode, navigateTo, toasts, useLoad } from '@qiming/sdk';
import type { AgentApp, FavouriteApp } from '@qiming/sdk/contracts';
import { Button } from '@qiming/sdk/ui';
import { Empty, Tag } from '@qiming/sdk/ui/display';
import { useToolboxApi } from '../api/toolboxApi';
import { agentCardView, type CardView } from './AgentCard';
import { AgentDetailDialog } from './AgentDetailDialog';
import { AgentGrid } from './AgentGrid';
import type { CategoryView } from './categories';
import { modelChatLink } from './chatLinks';
import { t } from '../i18n';

/**
 * 我的收藏: favourites hold any code — agents (opened in their dialog), plain models saved from the
 * chat (opened in the chat with ?model=), and agents since deleted (only removable).
 */
export function FavouriteList({ categories }: { categories: CategoryView[] }) {
  const api = useToolboxApi();
  const [pageNo, setPageNo] = useState(1);
  const [open, setOpen] = useState<AgentApp | null>(null);
  const loaded = useLoad(() => api.favourites({ pageNo, pageSize: AGENT_LIMITS.pageSize }), [api, pageNo]);

  const unfavourite = async (favourite: FavouriteApp) => {
    try {
      await api.unfavourite(favourite.code);
      toasts.success(t('detail.unfavourited'));
      if (loaded.data?.list.length === 1 && pageNo > 1) setPageNo(pageNo - 1);
      else loaded.refresh();
    } catch {
      // the request client has shown why
    }
  };

  const toView = (favourite: FavouriteApp): CardView => {
    const remove = (
      <Button size="small" onClick={() => void unfavourite(favourite)}>
        {t('favourites.remove')}
      </Button>
    );
    if (favourite.app) return { ...agentCardView(favourite.app, { actions: remove }), key: favourite.id };
    const gone = isAgentCode(favourite.code);
    return {
      key: favourite.id,
      icon: null,
      name: favourite.appName,
      description: favourite.coment,
      meta: <span>{gone ? t('favourites.goneDetail') : t('favourites.modelDetail')}</span>,
      tags: [gone ? <Tag key="gone">{t('favourites.gone')}</Tag> : <Tag key="model" color="blue">{t('favourites.model')}</Tag>],
      actions: remove,
    };
  };

  const openFavourite = (favourite: FavouriteApp) => {
    if (favourite.app) setOpen({ ...favourite.app, colled: 1 });
    else if (isAgentCode(favourite.code)) toasts.info(t('favourites.goneDetail'));
    else navigateTo(modelChatLink(favourite.code));
  };

  return (
    <>
      <AgentGrid loaded={loaded} pageNo={pageNo} onPage={setPageNo} toView={toView} onOpen={openFavourite} empty={<Empty description={t('favourites.empty')} />} />
      {open ? (
        <AgentDetailDialog
          app={open}
          categories={categories}
          onClose={() => setOpen(null)}
          onChanged={(app) => {
            setOpen(app);
            loaded.refresh();
          }}
        />
      ) : null}
    </>
  );
}
