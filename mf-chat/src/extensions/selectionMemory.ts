/**
 * Which extensions each conversation uses, in local storage: the new chat's selection and the latest
 * conversations' (keyed by convGroupId, newest first, at most `MAX_CONVERSATIONS`). A conversation
 * with none selected has no entry.
 */
export interface SelectionMemory {
  /** The names chosen for `convGroupId` (null: a new chat); [] when none were. */
  read(convGroupId: string | null): string[];
  write(convGroupId: string | null, names: readonly string[]): void;
}

export const EXTENSIONS_STORAGE_KEY = 'chatExtensions';
export const MAX_CONVERSATIONS = 200;

interface Stored {
  newChat: string[];
  /** [convGroupId, names], the most recently changed first. */
  conversations: Array<[string, string[]]>;
}

const isNames = (value: unknown): value is string[] => Array.isArray(value) && value.every((name) => typeof name === 'string');

function parse(text: string | null): Stored {
  try {
    const value = JSON.parse(text ?? '') as Partial<Stored>;
    return {
      newChat: isNames(value.newChat) ? value.newChat : [],
      conversations: Array.isArray(value.conversations) ? value.conversations.filter((entry): entry is [string, string[]] => Array.isArray(entry) && typeof entry[0] === 'string' && isNames(entry[1])) : [],
    };
  } catch {
    return { newChat: [], conversations: [] };
  }
}

/** The memory over a browser storage; a storage that refuses to write (full, blocked) keeps the page's choice for the page only. */
export function storedSelections(storage: Pick<Storage, 'getItem' | 'setItem'> = window.localStorage): SelectionMemory {
  return {
    read(convGroupId) {
      const stored = parse(storage.getItem(EXTENSIONS_STORAGE_KEY));
      if (convGroupId === null) return stored.newChat;
      return stored.conversations.find(([id]) => id === convGroupId)?.[1] ?? [];
    },
    write(convGroupId, names) {
      const stored = parse(storage.getItem(EXTENSIONS_STORAGE_KEY));
      if (convGroupId === null) {
        stored.newChat = [...names];
      } else {
        const others = stored.conversations.filter(([id]) => id !== convGroupId);
        stored.conversations = (names.length > 0 ? [[convGroupId, [...names]] as [string, string[]], ...others] : others).slice(0, MAX_CONVERSATIONS);
      }
      try {
        storage.setItem(EXTENSIONS_STORAGE_KEY, JSON.stringify(stored));
      } catch {
        // storage full or blocked: the selection still holds on this page
      }
    },
  };
}
