import { AGENT_CODES, AGENT_LIMITS, type AgentCategoryKey } from '@qiming/contracts';
import { AppError } from '../../http/envelope.js';

export { AGENT_CODES, AGENT_LIMITS };

/** The fields a refusal names, as the forms label them (the international table translates each message whole). */
export const FIELD_LABELS = {
  appName: '名称',
  description: '简介',
  systemPrompt: '提示词',
  question1: '问题1',
  question2: '问题2',
  question3: '问题3',
  question4: '问题4',
  appUrl: '图标',
  assistantUrl: '助手头像',
  imageUrlYour: '我的头像',
  imageUrlParteners: '对方头像',
  mannulModel: '模型',
  kind1: '分类',
  hongScene: '场景',
  mcps: '扩展',
  favouriteName: '收藏名称',
  favouriteComment: '收藏说明',
  favouriteCode: '收藏的模型或智能体',
  keyWord: '搜索关键词',
} as const;
export type AgentField = keyof typeof FIELD_LABELS;

/** Category names in tab order (AGENT_CATEGORIES); English through the translation table. */
export const CATEGORY_NAMES: Record<AgentCategoryKey, string> = {
  writing: '写作',
  coding: '编程',
  study: '学习',
  work: '职场',
  translation: '翻译',
  life: '生活',
  fun: '娱乐',
  roleplay: '角色扮演',
  image: '绘画',
  other: '其他',
};

/** The author of the built-in apps. */
export const BUILT_IN_AUTHOR = '启明 AI';

export const AGENT_NOT_FOUND_MESSAGE = '智能体不存在或已下架';

export const agentNotFound = () => new AppError(AGENT_CODES.notFound, AGENT_NOT_FOUND_MESSAGE);
export const notOwner = () => new AppError(AGENT_CODES.notOwner, '无权修改该智能体');
export const tooManyAgents = () => new AppError(AGENT_CODES.tooMany, `智能体数量已达上限（${AGENT_LIMITS.perUser} 个）`);
export const bannedWords = (field: AgentField) => new AppError(AGENT_CODES.bannedWords, `${FIELD_LABELS[field]}包含违规词，请修改后再提交`);

/** The 2405 messages: a field too long, missing or not one of the values it may take. */
export const invalidField = {
  tooLong: (field: AgentField, max: number) => new AppError(AGENT_CODES.invalidField, `${FIELD_LABELS[field]}不能超过${max}个字`),
  missing: (field: AgentField) => new AppError(AGENT_CODES.invalidField, `请填写${FIELD_LABELS[field]}`),
  image: (field: AgentField) => new AppError(AGENT_CODES.invalidField, `${FIELD_LABELS[field]}不是可用的图片，请上传图片或选择内置图标`),
  model: () => new AppError(AGENT_CODES.invalidField, '所选模型不能用于智能体，请选择对话模型'),
  category: () => new AppError(AGENT_CODES.invalidField, '分类不存在，请重新选择'),
  scene: () => new AppError(AGENT_CODES.invalidField, '角色扮演场景不存在，请重新选择'),
  mcps: () => new AppError(AGENT_CODES.invalidField, `扩展最多选择${AGENT_LIMITS.mcps}个`),
  mcpName: () => new AppError(AGENT_CODES.invalidField, '扩展名称不正确'),
  favouriteCode: () => new AppError(AGENT_CODES.invalidField, '收藏的模型或智能体不存在'),
};
