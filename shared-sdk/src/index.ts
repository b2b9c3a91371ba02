export { sdkInstance } from './platform/instance';
export { createAreaLifecycles, type AreaLifecycles, type AreaMountProps, type AreaDefinition } from './platform/areaLifecycles';
export { matchRoute, ownerOfPath, pageLayoutFor, type PageLayout, type RouteOwner } from './platform/routeOwnership';
export { createAreaDialogs, type AreaDialogs, type DialogOpening } from './platform/areaDialogs';
export { EventBus, eventBus, type AppEvents } from './events/eventBus';
export * from './i18n';
export type * from '@qiming/contracts';
export {
  AUTH_CODES,
  POINTS_CODES,
  PAY_CODES,
  PROGRESS_PREFIXES,
  OFFLINE_DEMO_LABEL,
  CHAT_CODES,
  CHAT_LIMITS,
  FILE_CODES,
  FILE_LIMITS,
  uploadRuleFor,
  canUploadTo,
  extensionOf,
  SPEECH_CODES,
  SPEECH_LIMITS,
  SHARE_CODES,
  sharePath,
  HONG_RULES,
  HONG_SCORE_MARKER,
  parseHongScore,
  withoutHongScore,
  AGENT_CODE_PREFIXES,
  AGENT_FALLBACK_MODEL,
  AGENT_LIMITS,
  AGENT_CODES,
  AGENT_CATEGORIES,
  agentChatPath,
  isAgentCode,
  starterQuestions,
  IMAGE_LIMITS,
  IMAGE_CODES,
  ASPECT_RATIOS,
  paintLikePath,
  sizeOfAspect,
  KNOWLEDGE_LIMITS,
  KNOWLEDGE_CODES,
  knowledgePassageUrl,
} from '@qiming/contracts';
export { agentsApi, type AgentsApi } from './agents/agentsApi';
export { knowledgeApi, type KnowledgeApi } from './knowledge/knowledgeApi';
export { request, session, points, user, settings, toasts, theme, chat, configureSdk, loadAccount, logout, signIn, navigateTo, copyText, setSiteConfig, siteConfig } from './sdk';
export type { ChatClient } from './chat/chatClient';
export { ApiError } from './request/errors';
export { dataOf } from './request/dataOf';
export { MESSAGES, REFRESH_TOKEN_INVALID, REFRESH_TOKEN_EXPIRED, USER_HAS_NOT_SCANNED } from './request/messages';
export { DEFAULT_SIGN_KEY, DEFAULT_SIGN_IV, type SdkConfig, type SdkHosts } from './request/config';
export type { RequestClient } from './request/client';
export { STORAGE_KEYS } from './stores/storageKeys';
export type { Toast, ToastKind, ToastOptions } from './stores/toasts';
export { THEME_COLORS, type ThemeColor, type ThemeChoice } from './stores/theme';
export { membershipOf, type Membership } from './stores/membership';
export type { UserInfo } from './stores/user';
export type { PointsBalance } from './stores/points';
export type { SpeechSettings, GptConfig } from './stores/settings';
export * from './stream';
export * from './hooks';
