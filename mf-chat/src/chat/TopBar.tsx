import { lazy, Suspense, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { agentsApi, copyText, toasts } from '@qiming/sdk';
import type { ModelCatalogue, ModelOption } from '@qiming/sdk/contracts';
import { toggleFavouriteWithFeedback, type FavouriteModel } from '../history/favourites';
import { ModelSelect, type KnowledgeChoice } from '../models/ModelSelect';
import type { SettingsTab } from './SettingsDrawer';
import { t } from '../i18n';
import styles from './chat.module.css';

const SaveFavouriteDialog = lazy(() => import(/* webpackChunkName: "save-favourite" */ '../agents/SaveFavouriteDialog'));

interface TopBarProps {
  sidebarOpen: boolean;
  onToggleSidebar(): void;
  catalogue: ModelCatalogue | null;
  model: string;
  option: ModelOption | undefined;
  onChooseModel(model: string): void;
  /** The user's own bases, offered in the model picker's 个人知识库 tab. */
  knowledge?: KnowledgeChoice;
  favourites: FavouriteModel[];
  onFavourites(next: FavouriteModel[]): void;
  onOpenSettings(tab: SettingsTab): void;
  /** User info exists: a favourite is also saved to 我的收藏 on the server. */
  signedIn: boolean;
}

/**
 * ☰, the model picker and price, and the model's (or agent's) favourite / share / prompts / settings
 * (spec chat §2). 收藏 keeps the model in the sidebar's list at once, with the spec's toast; signed in,
 * the save-favourite-app dialog then names it for 我的收藏 on the server, and removing it removes it
 * there too.
 */
export const TopBar = observer(function TopBar({ sidebarOpen, onToggleSidebar, catalogue, model, option, onChooseModel, knowledge, favourites, onFavourites, onOpenSettings, signedIn }: TopBarProps) {
  const favourite = favourites.some((f) => f.value === model);
  const [naming, setNaming] = useState<{ code: string; name: string } | null>(null);
  const toggleFavourite = (current: ModelOption) => {
    const result = toggleFavouriteWithFeedback({ value: current.value, icon: current.icon, label: current.label });
    onFavourites(result.list);
    toasts[result.kind](result.message);
    if (result.kind !== 'success' || !signedIn) return;
    if (favourite) void agentsApi.unfavourite(current.value).catch(() => undefined);
    else setNaming({ code: current.value, name: current.label });
  };
  return (
    <header className={styles.topBar}>
      <button type="button" className={styles.iconButton} aria-label={sidebarOpen ? t('chat.sidebarCollapse') : t('chat.sidebarExpand')} onClick={onToggleSidebar} data-testid="sidebar-toggle">
        ☰
      </button>
      {catalogue ? <ModelSelect options={catalogue.options} knowledge={knowledge} value={model} currentOption={option} onChange={onChooseModel} /> : <span className={styles.empty}>{t('common.loadingModels')}</span>}
      {option ? <span className={styles.price}>{option.modelprice}</span> : null}
      {option ? (
        <span className={styles.topActions}>
          <button
            type="button"
            aria-pressed={favourite}
            aria-label={favourite ? t('chat.favourited') : t('chat.favourite')}
            onClick={() => toggleFavourite(option)}
            data-testid="favourite-model"
          >
            <span aria-hidden="true">{favourite ? '★' : '☆'}</span> <span className={styles.actionText}>{favourite ? t('chat.favourited') : t('chat.favourite')}</span>
          </button>
          <button type="button" onClick={() => void copyText(`${window.location.origin}/chatPage?model=${encodeURIComponent(option.value)}`)}>
            {t('chat.share')}
          </button>
          <button type="button" onClick={() => onOpenSettings('templates')} data-testid="open-templates">
            {t('chat.prompts')}
          </button>
          <button type="button" onClick={() => onOpenSettings('gpt')} data-testid="open-settings">
            {t('chat.settings')}
          </button>
        </span>
      ) : null}
      {/* spec chat §2: the FAQ opens in a new tab, the conversation stays. */}
      <a className={styles.faqLink} href="/normalQuestionPage" target="_blank" rel="noopener" aria-label={t('chat.faq')} data-testid="open-faq">
        <span aria-hidden="true">?</span> <span className={styles.actionText}>{t('chat.faq')}</span>
      </a>
      {naming ? (
        <Suspense fallback={null}>
          <SaveFavouriteDialog code={naming.code} name={naming.name} onClose={() => setNaming(null)} />
        </Suspense>
      ) : null}
    </header>
  );
});
