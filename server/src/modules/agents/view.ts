import type { AgentApp } from '@qiming/contracts';
import { formatChinaDateTime } from '../../chinaTime.js';
import type { Translator } from '../../locale/index.js';
import { builtInIconUrl } from './builtIn/icons.js';
import { BUILT_IN_AUTHOR } from './codes.js';
import type { AgentRow } from './repository.js';

/** Who is looking, and what the list knows about them and the authors. */
export interface ViewContext {
  viewerId: string | null;
  /** Codes in the viewer's favourites. */
  favourites: ReadonlySet<string>;
  /** Usernames of the authors of user agents, by id. */
  authors: ReadonlyMap<string, string>;
  translator: Translator;
}

/** The texts a reader sees: a built-in app's English ones in the international edition. */
export function shownTexts(row: AgentRow, translator: Translator): { appName: string; description: string; questions: [string, string, string, string] } {
  const own: [string, string, string, string] = [row.question1, row.question2, row.question3, row.question4];
  if (translator.edition !== 'international' || row.is_custom === 1 || !row.en_app_name) return { appName: row.app_name, description: row.description, questions: own };
  const questions = row.en_questions ? (JSON.parse(row.en_questions) as [string, string, string, string]) : own;
  return { appName: row.en_app_name, description: row.en_description ?? row.description, questions };
}

/** A built-in app's icon is its slug's SVG; a user agent's the image its author chose. */
export function iconOf(row: AgentRow): string | null {
  return row.slug !== null ? builtInIconUrl(row.slug) : row.app_url;
}

export function appOf(row: AgentRow, context: ViewContext): AgentApp {
  const mine = row.user_id !== null && row.user_id === context.viewerId;
  const texts = shownTexts(row, context.translator);
  return {
    id: row.id,
    code: row.code,
    mannulModel: row.mannul_model,
    appName: texts.appName,
    description: texts.description,
    appUrl: iconOf(row),
    assistantUrl: row.assistant_url,
    question1: texts.questions[0],
    question2: texts.questions[1],
    question3: texts.questions[2],
    question4: texts.questions[3],
    // Another user's prompt is theirs; a built-in app's is public.
    systemPrompt: mine || row.is_custom === 0 ? row.system_prompt : null,
    hongScene: row.hong_scene,
    imageUrlYour: row.image_url_your,
    imageUrlParteners: row.image_url_parteners,
    isCustom: row.is_custom,
    isPublic: row.is_public,
    colled: context.favourites.has(row.code) ? 1 : 0,
    kind1: row.kind1,
    mcps: JSON.parse(row.mcps) as string[],
    author: row.user_id === null ? context.translator.text(BUILT_IN_AUTHOR) : (context.authors.get(row.user_id) ?? ''),
    uses: Number(row.uses),
    mine,
    createTime: formatChinaDateTime(new Date(row.created_at)),
    updateTime: formatChinaDateTime(new Date(row.updated_at)),
  };
}
