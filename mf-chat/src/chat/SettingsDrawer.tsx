import { useState } from 'react';
import { observer } from 'mobx-react-lite';
import { CHAT_LIMITS, settings, STORAGE_KEYS, toasts } from '@qiming/sdk';
import { Modal } from '@qiming/sdk/ui/feedback';
import type { ChatStore } from './ChatStore';
import { conversationMarkdown, downloadText } from '../export/exportMarkdown';
import { PromptTemplates } from './PromptTemplates';
import { PublicAgents } from '../agents/PublicAgents';
import type { UsableBases } from '../knowledge/UsableBases';
import { UsableBasesTab } from '../knowledge/UsableBasesTab';
import { TabbedDrawer } from './TabbedDrawer';
import { t } from '../i18n';
import styles from './chat.module.css';

/** spec chat §5: the server applies the default when no prompt of the user's own is saved. */
const DEFAULT_PROMPT_TEXT = CHAT_LIMITS.defaultSystemPrompt;
const SYSTEM_PROMPT_MAX = CHAT_LIMITS.systemPromptMax;

function SystemPromptDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const [text, setText] = useState(() => window.localStorage.getItem(STORAGE_KEYS.systemPrompt) ?? '');
  const save = () => {
    if (text.length > SYSTEM_PROMPT_MAX) {
      toasts.error(t('settings.promptTooLong', { max: SYSTEM_PROMPT_MAX }));
      return;
    }
    if (text.trim()) {
      window.localStorage.setItem(STORAGE_KEYS.systemPrompt, text);
      window.localStorage.setItem(STORAGE_KEYS.systemPromptBoo, 'true');
    } else {
      window.localStorage.removeItem(STORAGE_KEYS.systemPrompt);
      window.localStorage.removeItem(STORAGE_KEYS.systemPromptBoo);
    }
    toasts.success(t('settings.promptSaved'));
    onClose();
  };
  return (
    <Modal open={open} title={t('settings.promptDialogTitle')} okText={t('settings.save')} cancelText={t('common.cancel')} onOk={save} onCancel={onClose}>
      <p className={styles.hint}>{t('settings.promptDefaultHint', { prompt: DEFAULT_PROMPT_TEXT })}</p>
      <textarea className={styles.promptArea} value={text} rows={8} placeholder={DEFAULT_PROMPT_TEXT} onChange={(e) => setText(e.target.value)} aria-label={t('settings.promptLabel')} />
      <div className={text.length > SYSTEM_PROMPT_MAX ? styles.countOver : styles.count}>
        {text.length}/{SYSTEM_PROMPT_MAX}
      </div>
    </Modal>
  );
}

export type SettingsTab = 'templates' | 'gpt' | 'agents' | 'knowledge';

/** spec chat §2's tabs 0 to 3. */
const TABS: SettingsTab[] = ['templates', 'gpt', 'agents', 'knowledge'];

interface Props {
  store: ChatStore;
  /** The bases the user may use; null while signed out. */
  knowledgeBases: UsableBases | null;
  initialTab: SettingsTab;
  onClose(): void;
}

/** The settings drawer (40% wide, full width on phones): prompt templates, GPT settings, agents and knowledge bases. */
const SettingsDrawer = observer(function SettingsDrawer({ store, knowledgeBases, initialTab, onClose }: Props) {
  const [tab, setTab] = useState(initialTab);
  return (
    <TabbedDrawer<SettingsTab> tabs={TABS.map((key, spec) => ({ key, spec, label: t(`settings.tab.${key}`) }))} active={tab} onTab={setTab} label={t('settings.label')} testId="settings-drawer" onClose={onClose}>
      {tab === 'templates' ? (
        <PromptTemplates
          onPick={(template) => {
            store.setDraft(template.promt);
            onClose();
          }}
        />
      ) : null}
      {tab === 'gpt' ? <GptSettings store={store} /> : null}
      {tab === 'agents' ? (
        <PublicAgents
          onPick={(app) => {
            store.selectAgent(app);
            onClose();
          }}
        />
      ) : null}
      {tab === 'knowledge' ? (
        <UsableBasesTab
          bases={knowledgeBases}
          onPick={(base) => {
            store.selectKnowledge(base);
            onClose();
          }}
        />
      ) : null}
    </TabbedDrawer>
  );
});

/** GPT settings: reply settings (system prompt), export, memory rounds, copy mode, the formula tip. */
const GptSettings = observer(function GptSettings({ store }: { store: ChatStore }) {
  const [promptOpen, setPromptOpen] = useState(false);
  const exportConversation = async () => {
    await store.loadWholeBranch();
    const title = store.conversation?.group.title ?? t('export.newConversation');
    if (store.messages.length === 0) {
      toasts.warn(t('settings.emptyConversation'));
      return;
    }
    downloadText(`${title}.md`, conversationMarkdown(title, store.messages));
  };
  return (
    <>
      <div className={styles.settingRow}>
        <span>{t('settings.replySettings')}</span>
        <button type="button" onClick={() => setPromptOpen(true)}>
          {t('settings.editPrompt')}
        </button>
      </div>
      <div className={styles.settingRow}>
        <span>{t('settings.exportConversation')}</span>
        <button type="button" onClick={() => void exportConversation()}>
          {t('settings.exportMarkdown')}
        </button>
      </div>
      <label className={styles.settingRow}>
        <span>{t('settings.memoryRounds')}</span>
        <select value={settings.gptConfig.recentChatLen} onChange={(e) => settings.setGptConfig({ recentChatLen: Number(e.target.value) })} aria-label={t('settings.memoryRounds')}>
          {[1, 2, 3, 4, 5, 6, 7, 8].map((n) => (
            <option key={n} value={n}>
              {t('settings.rounds', { count: n })}
            </option>
          ))}
        </select>
      </label>
      <label className={styles.settingRow}>
        <span>{t('settings.copyMode')}</span>
        <select value={settings.gptConfig.useCopyTable ? 'table' : 'all'} onChange={(e) => settings.setGptConfig({ useCopyTable: e.target.value === 'table' })} aria-label={t('settings.copyMode')}>
          <option value="all">{t('settings.copyAll')}</option>
          <option value="table">{t('settings.copyTables')}</option>
        </select>
      </label>
      <p className={styles.hint}>{t('settings.formulaTip')}</p>
      {promptOpen ? <SystemPromptDialog open onClose={() => setPromptOpen(false)} /> : null}
    </>
  );
});

export default SettingsDrawer;
