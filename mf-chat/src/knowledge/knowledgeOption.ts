import type { KnowledgeBase, ModelOption } from '@qiming/sdk/contracts';

const PREFIX = 'knowledge:';

/** A book, the mark of a knowledge base in the model picker. */
const BOOK_ICON = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" fill="#eef2ff" stroke="#3853d8" stroke-width="1.8" stroke-linecap="round" stroke-linejoin="round"><path d="M4 5a2 2 0 0 1 2-2h13v16H6a2 2 0 0 0-2 2z"/><path d="M4 21a2 2 0 0 1 2-2h13v2H6M8 7h7M8 11h5"/></svg>',
)}`;

/** The base an entry of the model picker stands for, or null for a model. */
export function knowledgeIdOfOption(value: string): string | null {
  return value.startsWith(PREFIX) ? value.slice(PREFIX.length) : null;
}

/**
 * One of the user's bases as an entry of the model picker's 个人知识库 tab (spec chat §3: uid 10 is a
 * knowledge base). It is never the model: choosing it selects the base beside the current model.
 */
export function knowledgeOption(base: KnowledgeBase): ModelOption {
  return {
    value: `${PREFIX}${base.id}`,
    label: base.title,
    labelText: base.remark,
    minilabel: '',
    icon: BOOK_ICON,
    path: '',
    tooltip: base.remark,
    tooltip2: '',
    modelType: 'other',
    type: base.author,
    isNewModel: false,
    isHighLevelModel: false,
    think: false,
    web: false,
    level: '基础',
    stars: 0,
    uid: 10,
    funLabel: '',
    funLabelList: [],
    exampleQuestionList: [],
    modelprice: '',
    modelpriceTip: '',
    shortIntro: base.remark,
    shortIntro2: '',
    canUpload: false,
    textOnly: true,
    offlineDemo: false,
    webSearchAvailable: false,
  };
}
