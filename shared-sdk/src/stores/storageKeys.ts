/** Every local-storage key the specs list (platform §3, chat §3), one name each. */
export const STORAGE_KEYS = {
  accessToken: 'myToken',
  refreshToken: 'myRefreshToken',
  loginState: 'loginstate',
  theme: 'theme',
  isRead: 'isRead',
  showNotifyVersion: 'showNotifyVersion',
  showNotifyCount: 'showNotifyCount',
  showActivitiesVersion: 'showActiviesVersion',
  showActivitiesCount: 'showActiviesCount',
  beforeUrl: 'beforeUrl',
  userReq: 'userReq',
  gptType: 'gptType',
  selectedModel: 'selectedModel',
  favoriteModels: 'favoriteModels',
  localGptsParam: 'localGptsParam',
  systemPrompt: 'systemPrompt',
  systemPromptBoo: 'systemPromptBoo',
  beforeInputText: 'beforeInputText',
  kgtab: 'kgtab',
  /** Not named by the spec: the chat settings (memory rounds, copy mode). */
  gptConfig: 'gptConfig',
} as const;

export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** Local storage, or a memory stand-in where there is none (private mode, tests, server). */
export function browserStorage(): KeyValueStorage {
  try {
    if (typeof window !== 'undefined' && window.localStorage) return window.localStorage;
  } catch {
    // access denied (privacy settings): fall through
  }
  const memory = new Map<string, string>();
  return { getItem: (k) => memory.get(k) ?? null, setItem: (k, v) => void memory.set(k, v), removeItem: (k) => void memory.delete(k) };
}
