import { useMemo, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { ApiError, starterQuestions, toasts, useLoad } from '@qiming/sdk';
import type { AgentApp, ModelOption } from '@qiming/sdk/contracts';
import { Button } from '@qiming/sdk/ui';
import { Form, Input, Select, Switch } from '@qiming/sdk/ui/form';
import { Alert, Modal } from '@qiming/sdk/ui/feedback';
import { useToolboxApi } from '../api/toolboxApi';
import { useCategories } from '../agents/categories';
import { useDialogWidth } from '../agents/useDialogWidth';
import { PreviewChat } from '../preview/PreviewChat';
import { PREVIEW_MODEL } from '../preview/PreviewSession';
import { draftOf, emptyDraft, fieldValue, inputOf, limitOf, problemsOf, type AgentDraft, type DraftField, type Questions } from './agentDraft';
import { IconUpload } from './IconUpload';
import { PromptTemplates } from './PromptTemplates';
import { t } from '../i18n';
import styles from './editor.module.css';

interface Props {
  /** The own agent being edited; null creates one. */
  editing: AgentApp | null;
  onClose(): void;
  onSaved(app: AgentApp): void;
}

const QUESTION_FIELDS = ['question1', 'question2', 'question3', 'question4'] as const;

/** Text models of the catalogue, and the draft's own model should it have left the list. */
function modelChoices(options: ModelOption[] | undefined, current: string) {
  const text = (options ?? []).filter((option) => option.textOnly).map((option) => ({ value: option.value, label: `${option.label} · ${option.modelprice}` }));
  return text.some((option) => option.value === current) ? text : [{ value: current, label: current }, ...text];
}

/** 创建智能体 / 编辑智能体: the form beside a live preview (stacked on phones). */
export const AgentEditor = observer(function AgentEditor({ editing, onClose, onSaved }: Props) {
  const api = useToolboxApi();
  const dialog = useDialogWidth(1160);
  const categories = useCategories();
  const catalogue = useLoad(() => api.models(), [api]);
  const [draft, setDraft] = useState<AgentDraft>(() => (editing ? draftOf(editing) : emptyDraft()));
  const [checked, setChecked] = useState(false);
  const [saving, setSaving] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const problems = useMemo(() => problemsOf(draft), [draft]);
  const previewModel = catalogue.data?.options.find((option) => option.value === PREVIEW_MODEL);

  const change = (patch: Partial<AgentDraft>) => setDraft((current) => ({ ...current, ...patch }));
  const setQuestion = (index: number, value: string) => setDraft((current) => ({ ...current, questions: current.questions.map((q, i) => (i === index ? value : q)) as Questions }));

  const save = async () => {
    setChecked(true);
    setServerError(null);
    if (Object.keys(problems).length > 0) return;
    setSaving(true);
    try {
      const saved = editing ? await api.update(editing.id, inputOf(draft)) : await api.create(inputOf(draft));
      toasts.success(editing ? t('editor.updated') : t('editor.created'));
      onSaved(saved);
    } catch (error) {
      // 2403 too many, 2404 banned words, 2405 a field refused: the server's msg names the problem.
      setServerError(error instanceof ApiError ? error.message : t('editor.saveFailed'));
    } finally {
      setSaving(false);
    }
  };

  /** The field's check, shown once the user tried to save. */
  const status = (field: DraftField) => {
    const problem = checked ? problems[field] : undefined;
    return problem ? { validateStatus: 'error' as const, help: t(problem.key, problem.vars) } : {};
  };
  const counted = (field: DraftField) => ({ count: { show: true, max: limitOf(field) }, value: fieldValue(draft, field) });

  return (
    <Modal
      open
      title={editing ? t('editor.editTitle') : t('editor.createTitle')}
      width={dialog.width}
      style={dialog.style}
      onCancel={onClose}
      mask={{ closable: false }}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={onClose}>
          {t('common.cancel')}
        </Button>,
        <Button key="save" type="primary" loading={saving} onClick={() => void save()}>
          {t('editor.save')}
        </Button>,
      ]}
    >
      <div className={styles.editor} data-testid="agent-editor">
        <Form layout="vertical" component="div" className={styles.form}>
          <Form.Item label={t('editor.icon')}>
            <IconUpload label={t('editor.icon')} value={draft.appUrl} name={draft.appName} onChange={(appUrl) => change({ appUrl })} clearLabel={t('icon.useDefault')} />
          </Form.Item>
          <Form.Item label={t('editor.name')} required {...status('appName')}>
            <Input {...counted('appName')} placeholder={t('editor.namePlaceholder')} onChange={(event) => change({ appName: event.target.value })} />
          </Form.Item>
          <Form.Item label={t('editor.description')} required {...status('description')}>
            <Input.TextArea {...counted('description')} autoSize={{ minRows: 2, maxRows: 4 }} placeholder={t('editor.descriptionPlaceholder')} onChange={(event) => change({ description: event.target.value })} />
          </Form.Item>
          <div className={styles.pair}>
            <Form.Item label={t('editor.category')}>
              <Select value={draft.kind1} options={categories.map((c) => ({ value: c.kind1, label: c.name }))} onChange={(kind1) => change({ kind1 })} aria-label={t('editor.category')} />
            </Form.Item>
            <Form.Item label={t('editor.model')} extra={t('editor.modelHint')}>
              <Select
                showSearch={{ optionFilterProp: 'label' }}
                loading={catalogue.loading}
                value={draft.mannulModel}
                options={modelChoices(catalogue.data?.options, draft.mannulModel)}
                onChange={(mannulModel) => change({ mannulModel })}
                aria-label={t('editor.model')}
              />
            </Form.Item>
          </div>
          <Form.Item label={t('editor.prompt')} required {...status('systemPrompt')} extra={<PromptTemplates current={draft.systemPrompt} onFill={(systemPrompt) => change({ systemPrompt })} />}>
            <Input.TextArea {...counted('systemPrompt')} autoSize={{ minRows: 6, maxRows: 14 }} placeholder={t('editor.promptPlaceholder')} onChange={(event) => change({ systemPrompt: event.target.value })} />
          </Form.Item>
          <Form.Item label={t('editor.questions')} extra={t('editor.questionsHint')}>
            {QUESTION_FIELDS.map((field, index) => (
              <Form.Item key={field} noStyle={!status(field).help} {...status(field)}>
                <Input
                  className={styles.question}
                  {...counted(field)}
                  placeholder={t('editor.questionPlaceholder', { n: index + 1 })}
                  aria-label={t('editor.questionPlaceholder', { n: index + 1 })}
                  onChange={(event) => setQuestion(index, event.target.value)}
                />
              </Form.Item>
            ))}
          </Form.Item>
          <Form.Item label={t('editor.assistantAvatar')} extra={t('editor.assistantAvatarHint')}>
            <IconUpload label={t('editor.assistantAvatar')} value={draft.assistantUrl} name={draft.appName} onChange={(assistantUrl) => change({ assistantUrl })} clearLabel={t('icon.sameAsIcon')} />
          </Form.Item>
          <Form.Item label={t('editor.public')} extra={t('editor.publicHint')}>
            <Switch checked={draft.isPublic} onChange={(isPublic) => change({ isPublic })} aria-label={t('editor.public')} />
          </Form.Item>
          {serverError ? <Alert type="error" showIcon message={serverError} data-testid="editor-error" /> : null}
        </Form>
        <PreviewChat
          name={draft.appName}
          icon={draft.assistantUrl ?? draft.appUrl}
          systemPrompt={draft.systemPrompt}
          questions={starterQuestions({ question1: draft.questions[0], question2: draft.questions[1], question3: draft.questions[2], question4: draft.questions[3] })}
          modelLabel={previewModel?.label ?? PREVIEW_MODEL}
          price={previewModel?.modelprice ?? null}
        />
      </div>
    </Modal>
  );
});
