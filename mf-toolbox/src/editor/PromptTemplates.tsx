import { Modal } from '@qiming/sdk/ui/feedback';
import { t } from '../i18n';
import styles from './editor.module.css';

const TEMPLATES = ['writing', 'translation', 'coding'] as const;

/** 一键填充模板: a starting prompt; replacing one the user wrote asks first. */
export function PromptTemplates({ current, onFill }: { current: string; onFill(prompt: string): void }) {
  const fill = (template: (typeof TEMPLATES)[number]) => {
    const prompt = t(`template.${template}.prompt`);
    if (!current.trim()) return onFill(prompt);
    Modal.confirm({ title: t('template.replaceTitle'), content: t('template.replaceDetail'), okText: t('template.replace'), cancelText: t('common.cancel'), onOk: () => onFill(prompt) });
  };
  return (
    <span className={styles.templates}>
      {t('template.label')}
      {TEMPLATES.map((template) => (
        <button key={template} type="button" className={styles.templateButton} onClick={() => fill(template)}>
          {t(`template.${template}.name`)}
        </button>
      ))}
    </span>
  );
}
