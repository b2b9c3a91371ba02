import { AGENT_FALLBACK_MODEL, AGENT_LIMITS } from '@qiming/sdk';
import type { AgentApp, AgentCategoryKey, AgentInput } from '@qiming/sdk/contracts';

export type Questions = [string, string, string, string];

/** What the editor holds while the user types (unsaved). */
export interface AgentDraft {
  appName: string;
  description: string;
  appUrl: string | null;
  assistantUrl: string | null;
  kind1: AgentCategoryKey;
  mannulModel: string;
  systemPrompt: string;
  questions: Questions;
  isPublic: boolean;
}

export type DraftField = 'appName' | 'description' | 'systemPrompt' | 'question1' | 'question2' | 'question3' | 'question4';

/** A field's problem, as an i18n key and its values. */
export interface FieldProblem {
  key: 'editor.required' | 'editor.tooLong';
  vars?: Record<string, number>;
}

export type DraftProblems = Partial<Record<DraftField, FieldProblem>>;

export const emptyDraft = (): AgentDraft => ({
  appName: '',
  description: '',
  appUrl: null,
  assistantUrl: null,
  kind1: 'other',
  mannulModel: AGENT_FALLBACK_MODEL,
  systemPrompt: '',
  questions: ['', '', '', ''],
  isPublic: false,
});

export const draftOf = (app: AgentApp): AgentDraft => ({
  appName: app.appName,
  description: app.description,
  appUrl: app.appUrl,
  assistantUrl: app.assistantUrl,
  kind1: app.kind1,
  mannulModel: app.mannulModel ?? AGENT_FALLBACK_MODEL,
  systemPrompt: app.systemPrompt ?? '',
  questions: [app.question1, app.question2, app.question3, app.question4],
  isPublic: app.isPublic === 1,
});

const REQUIRED: DraftField[] = ['appName', 'description', 'systemPrompt'];
const LIMITS: Record<DraftField, number> = {
  appName: AGENT_LIMITS.appName,
  description: AGENT_LIMITS.description,
  systemPrompt: AGENT_LIMITS.systemPrompt,
  question1: AGENT_LIMITS.question,
  question2: AGENT_LIMITS.question,
  question3: AGENT_LIMITS.question,
  question4: AGENT_LIMITS.question,
};

export function fieldValue(draft: AgentDraft, field: DraftField): string {
  if (field.startsWith('question')) return draft.questions[Number(field.slice('question'.length)) - 1]!;
  return draft[field as 'appName' | 'description' | 'systemPrompt'];
}

/** The same rules the server enforces (AGENT_LIMITS): name, description and prompt set, nothing too long. */
export function problemsOf(draft: AgentDraft): DraftProblems {
  const problems: DraftProblems = {};
  for (const field of Object.keys(LIMITS) as DraftField[]) {
    const value = fieldValue(draft, field).trim();
    if (REQUIRED.includes(field) && !value) problems[field] = { key: 'editor.required' };
    else if (value.length > LIMITS[field]) problems[field] = { key: 'editor.tooLong', vars: { max: LIMITS[field] } };
  }
  return problems;
}

export const limitOf = (field: DraftField) => LIMITS[field];

/** The createApp / updateApp payload (texts trimmed). */
export function inputOf(draft: AgentDraft): AgentInput {
  const [question1, question2, question3, question4] = draft.questions.map((q) => q.trim()) as Questions;
  return {
    appName: draft.appName.trim(),
    description: draft.description.trim(),
    appUrl: draft.appUrl,
    assistantUrl: draft.assistantUrl,
    kind1: draft.kind1,
    mannulModel: draft.mannulModel,
    systemPrompt: draft.systemPrompt.trim(),
    question1,
    question2,
    question3,
    question4,
    isPublic: draft.isPublic ? 1 : 0,
  };
}
