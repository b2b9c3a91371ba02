import type { DeckSummary, ImageTask, VideoTask, VoiceClone, WhiteboardSummary } from '@qiming/sdk/contracts';

export const WORK_KINDS = ['image', 'video', 'slides', 'voice', 'whiteboard'] as const;
export type WorkKind = (typeof WORK_KINDS)[number];
export type WorkFilter = WorkKind | 'all';

/** Where each kind is made: the card opens it there, an empty section links to it. */
export const TOOL_PATHS: Record<WorkKind, string> = {
  image: '/painter',
  video: '/videoPage',
  slides: '/pptPage',
  voice: '/soundClone',
  whiteboard: '/whiteBoard',
};

/** One card of 我的作品. */
export interface WorkItem {
  key: string;
  kind: WorkKind;
  title: string;
  /** ISO time it is sorted by: made (images, videos, voices) or last changed (decks, boards). */
  time: string;
  thumbUrl: string | null;
  /** The page that opens it. */
  href: string;
  /** 排队中 / 生成中 40% … while not finished; null when done. */
  statusText: string | null;
}

const unfinished = (status: string, statusText: string) => (status === 'succeeded' ? null : statusText);

/** Failed generations made nothing (their points went back), so they are not works. */
export function imageWorks(tasks: readonly ImageTask[]): WorkItem[] {
  return tasks
    .filter((task) => task.status !== 'failed' && task.kind !== 'describe')
    .map((task) => ({
      key: `image:${task.id}`,
      kind: 'image',
      title: task.prompt || task.modelName,
      time: task.createTime,
      thumbUrl: task.results[0]?.thumbUrl ?? null,
      href: TOOL_PATHS.image,
      statusText: unfinished(task.status, task.statusText),
    }));
}

export function videoWorks(tasks: readonly VideoTask[]): WorkItem[] {
  return tasks
    .filter((task) => task.status !== 'failed')
    .map((task) => ({
      key: `video:${task.id}`,
      kind: 'video',
      title: task.prompt || task.modelName,
      time: task.createTime,
      thumbUrl: task.result?.posterUrl ?? null,
      href: TOOL_PATHS.video,
      statusText: unfinished(task.status, task.statusText),
    }));
}

/** Every deck (a draft is work too); the slides page has no per-deck address, so a card opens the page. */
export function deckWorks(decks: readonly DeckSummary[]): WorkItem[] {
  return decks.map((deck) => ({
    key: `slides:${deck.id}`,
    kind: 'slides',
    title: deck.title,
    time: deck.updatedAt,
    thumbUrl: null,
    href: TOOL_PATHS.slides,
    statusText: unfinished(deck.status, deck.statusText),
  }));
}

export function voiceWorks(voices: readonly VoiceClone[], statusTexts: { queued: string; running: string }): WorkItem[] {
  return voices
    .filter((voice) => voice.status !== 'failed')
    .map((voice) => ({
      key: `voice:${voice.id}`,
      kind: 'voice',
      title: voice.name,
      time: voice.createdAt,
      thumbUrl: null,
      href: TOOL_PATHS.voice,
      statusText: voice.status === 'succeeded' ? null : voice.status === 'queued' ? statusTexts.queued : statusTexts.running,
    }));
}

export function boardWorks(boards: readonly WhiteboardSummary[]): WorkItem[] {
  return boards.map((board) => ({
    key: `whiteboard:${board.id}`,
    kind: 'whiteboard',
    title: board.title,
    time: board.updatedAt,
    thumbUrl: null,
    href: `${TOOL_PATHS.whiteboard}?board=${encodeURIComponent(board.id)}`,
    statusText: null,
  }));
}

const timeOf = (item: WorkItem) => {
  const ms = Date.parse(item.time);
  return Number.isNaN(ms) ? 0 : ms;
};

/** One list, newest first (ties by key, so the order is stable), of the kinds the filter keeps. */
export function mergeWorks(sections: ReadonlyArray<readonly WorkItem[]>, filter: WorkFilter = 'all'): WorkItem[] {
  return sections
    .flat()
    .filter((item) => filter === 'all' || item.kind === filter)
    .sort((a, b) => timeOf(b) - timeOf(a) || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}
