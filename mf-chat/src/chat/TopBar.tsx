import { observer } from 'mobx-react-lite';
import { copyText, toasts } from '@qiming/sdk';
import type { ModelCatalogue, ModelOption } from '@qiming/sdk/contracts';
import { toggleFavouriteWithFeedback, type FavouriteModel } from '../history/favourites';
import { ModelSelect } from '../models/ModelSelect';
import type { SettingsTab } from './SettingsDrawer';
import { t } from '../i18n';
import styles from './chat.module.css';

interface TopBarProps {
  sidebarOpen: boolean;
  onToggleSidebar(): void;
  catalogue: ModelCatalogue | null;
  model: string;
  option: ModelOption | undefined;
  onChooseModel(model: string): void;
  favourites: FavouriteModel[];
  onFavourites(next: FavouriteModel[]): void;
  onOpenSettings(tab: SettingsTab): void;
}

/** ☰, the model picker and price, and the model's favourite / share / prompts / settings (spec chat §2). */
export const TopBar = observer(function TopBar({ sidebarOpen, onToggleSidebar, catalogue, model, option, onChooseModel, favourites, onFavourites, onOpenSettings }: TopBarProps) {
  const favourite = favourites.some((f) => f.value === model);
  return (
    <header className={styles.topBar}>
      <button type="button" className={styles.iconButton} aria-label={sidebarOpen ? t('chat.sidebarCollapse') : t('chat.sidebarExpand')} onClick={onToggleSidebar} data-testid="sidebar-toggle">
        ☰
      </button>
      {catalogue ? <ModelSelect options={catalogue.options} value={model} onChange={onChooseModel} /> : <span className={styles.empty}>{t('common.loadingModels')}</span>}
      {option ? <span className={styles.price}>{option.modelprice}</span> : null}
      {option ? (
        <span className={styles.topActions}>
          <button
            type="button"
            aria-pressed={favourite}
            aria-label={favourite ? t('chat.favourited') : t('chat.favourite')}
            onClick={() => {
              const result = toggleFavouriteWithFeedback({ value: option.value, icon: option.icon, label: option.label });
              onFavourites(result.list);
              toasts[result.kind](result.message);
            }}
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
    </header>
  );
});
