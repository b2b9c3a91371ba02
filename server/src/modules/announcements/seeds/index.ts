import type { SiteEdition } from '@qiming/contracts';
import { englishSeeds } from './enUS.js';
import { chineseSeeds } from './zhCN.js';

/** A dated item; `model` (a catalogue code) makes 立即体验 open the chat on that model. */
export interface SeedItem {
  date: string;
  title: string;
  content: string;
  model?: string;
  route?: string;
}

export interface AnnouncementSeeds {
  notice: { version: number; maxShows: number | null; items: SeedItem[] };
  activity: { version: number; maxShows: number | null; title: string; content: string; link: string | null };
  updates: { version: number; items: SeedItem[] };
  /** In rotation order. */
  promos: Array<{ text: string; link: string | null }>;
  top: { text: string };
}

export interface SeedFacts {
  /** Permanent points each side of an invite gets (INVITE_REWARD_POINTS), quoted by the activity. */
  inviteRewardPoints: number;
}

/** What a new site shows: Chinese on the domestic edition, English on the international one. */
export function announcementSeeds(edition: SiteEdition, facts: SeedFacts): AnnouncementSeeds {
  return edition === 'international' ? englishSeeds(facts) : chineseSeeds(facts);
}
