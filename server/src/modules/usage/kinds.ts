import type { UsageFilterKind, UsageKind } from '@qiming/contracts';

/**
 * How a generation's kind is known: chat answers hold with purpose `chat`; each media module holds
 * under its own prefix (`image:<task>:<n>`, `video:<task>`, `slides:<task>`, `voice:<id>`) with
 * purpose `media`. The ledger's charge entries are keyed `charge:<generation id>…`, so the same
 * prefixes tell a media charge's kind there.
 */
export const MEDIA_PREFIXES: ReadonlyArray<[Exclude<UsageKind, 'chat' | 'media'>, string]> = [
  ['image', 'image:'],
  ['video', 'video:'],
  ['slides', 'slides:'],
  ['voice', 'voice:'],
];

export function usageKindOf(purpose: string, generationId: string): UsageKind {
  if (purpose === 'chat') return 'chat';
  return MEDIA_PREFIXES.find(([, prefix]) => generationId.startsWith(prefix))?.[0] ?? 'media';
}

/** The ledger kinds that are consumption: what a settle charges. */
export const CHARGE_LEDGER_KINDS = ['chat', 'media', 'search', 'extension'] as const;

export const isMediaKind = (kind: UsageFilterKind): kind is Exclude<UsageKind, 'chat' | 'media'> => MEDIA_PREFIXES.some(([name]) => name === kind);
export const mediaPrefixOf = (kind: UsageFilterKind): string | undefined => MEDIA_PREFIXES.find(([name]) => name === kind)?.[1];
