import { useState } from 'react';
import { observer } from 'mobx-react-lite';
import { CHAT_LIMITS, settings, STORAGE_KEYS, toasts } from '@qiming/sdk';
import { Modal } from '@qiming/sdk/ui/feedback';
import type { ChatStore } from './ChatStore';
import { conversationMarkdown, downloadText } from './exportMarkdown';
import { PromptTemplates } from './PromptTemplates';
import styles from './chat.module.css';

/** spec chat §5: the server applies the default when no prompt of the user's own is saved. */
const DEFAULT_PROMPT_TEXT = CHAT_LIMITS.defaultSystemPrompt;
const SYSTEM_PROMPT_MAX = CHAT_LIMITS.systemPromptMax;

function SystemPromptDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const [text, setText] = useState(() => window.localStorage.getItem(STORAGE_KEYS.systemPrompt) ?? '');
  const save = () => {
    if (text.length > SYSTEM_PROMPT_MAX) {
      toasts.error('输入长度不能超过10000');
      return;
    }
    if (text.trim()) {
      window.localStorage.setItem(STORAGE_KEYS.systemPrompt, text);
      window.localStorage.setItem(STORAGE_KEYS.systemPromptBoo, 'true');
    } else {
      window.localStorage.removeItem(STORAGE_KEYS.systemPrompt);
      window.localStorage.removeItem(STORAGE_KEYS.systemPromptBoo);
    }
    toasts.success('回复设置已保存');
    onClose();
  };
  return (
    <Modal open={open} title="回复设置（系统提示词）" okText="保存" cancelText="取消" onOk={save} onCancel={onClose}>
      <p className={styles.hint}>留空时使用默认提示词：{DEFAULT_PROMPT_TEXT}</p>
      <textarea className={styles.promptArea} value={text} rows={8} placeholder={DEFAULT_PROMPT_TEXT} onChange={(e) => setText(e.target.value)} aria-label="系统提示词" />
      <div className={text.length > SYSTEM_PROMPT_MAX ? styles.countOver : styles.count}>
        {text.length}/{SYSTEM_PROMPT_MAX}
      </div>
    </Modal>
  );
}

export type SettingsTab = 'templates' | 'gpt';

const TABS: Array<{ key: SettingsTab; label: string }> = [
  { key: 'templates', label: '提示词模板' },
  { key: 'gpt', label: 'GPT 设置' },
];

/**
 * The settings drawer (40% wide, full width on phones): prompt templates and GPT settings. The
 * agents and knowledge tabs of spec chat §2 join when those areas exist.
 */
const SettingsDrawer = observer(function SettingsDrawer({ store, initialTab, onClose }: { store: ChatStore; initialTab: SettingsTab; onClose(): void }) {
  const [tab, setTab] = useState(initialTab);
  return (
    <>
      <div className={styles.backdrop} onClick={onClose} aria-hidden />
      <aside className={styles.settingsDrawer} data-testid="settings-drawer" aria-label="对话设置">
        <header className={styles.drawerHead}>
          <div className={styles.drawerTabs} role="tablist">
            {TABS.map((t) => (
              <button key={t.key} type="button" role="tab" aria-selected={t.key === tab} className={t.key === tab ? styles.drawerTabActive : styles.drawerTab} onClick={() => setTab(t.key)}>
                {t.label}
              </button>
            ))}
          </div>
          <button type="button" className={styles.iconButton} aria-label="关闭" onClick={onClose}>
            ✕
          </button>
        </header>
        {tab === 'templates' ? (
          <PromptTemplates
            onPick={(template) => {
              store.setDraft(template.promt);
              onClose();
            }}
          />
        ) : (
          <GptSettings store={store} />
        )}
      </aside>
    </>
  );
});

/** GPT settings: reply settings (system prompt), export, memory rounds, copy mode, the formula tip. */
const GptSettings = observer(function GptSettings({ store }: { store: ChatStore }) {
  const [promptOpen, setPromptOpen] = useState(false);
  const exportConversation = () => {
    const title = store.tree?.group.title ?? '新对话';
    if (store.messages.length === 0) {
      toasts.warn('当前对话还没有内容');
      return;
    }
    downloadText(`${title}.md`, conversationMarkdown(title, store.messages));
  };
  return (
    <>
      <div className={styles.settingRow}>
        <span>回复设置</span>
        <button type="button" onClick={() => setPromptOpen(true)}>
          编辑系统提示词
        </button>
      </div>
      <div className={styles.settingRow}>
        <span>导出当前对话</span>
        <button type="button" onClick={exportConversation}>
          导出 Markdown
        </button>
      </div>
      <label className={styles.settingRow}>
        <span>记忆轮数</span>
        <select value={settings.gptConfig.recentChatLen} onChange={(e) => settings.setGptConfig({ recentChatLen: Number(e.target.value) })} aria-label="记忆轮数">
          {[1, 2, 3, 4, 5, 6, 7, 8].map((n) => (
            <option key={n} value={n}>
              {n} 轮
            </option>
          ))}
        </select>
      </label>
      <label className={styles.settingRow}>
        <span>复制模式</span>
        <select value={settings.gptConfig.useCopyTable ? 'table' : 'all'} onChange={(e) => settings.setGptConfig({ useCopyTable: e.target.value === 'table' })} aria-label="复制模式">
          <option value="all">复制全部文字</option>
          <option value="table">仅复制表格</option>
        </select>
      </label>
      <p className={styles.hint}>提示：如果公式显示异常，可以请模型用 $…$ 或 $$…$$ 包裹公式后重新生成。</p>
      {promptOpen ? <SystemPromptDialog open onClose={() => setPromptOpen(false)} /> : null}
    </>
  );
});

export default SettingsDrawer;
