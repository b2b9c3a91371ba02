import type { DeckSummary, ImageTask, VideoTask, VoiceClone, WhiteboardSummary } from '@qiming/sdk/contracts';
import { boardWorks, deckWorks, imageWorks, mergeWorks, videoWorks, voiceWorks } from './works';

const image = (id: string, createTime: string, extra: Partial<ImageTask> = {}) =>
  ({ id, kind: 'txt2img', prompt: `画 ${id}`, modelName: 'SD', status: 'succeeded', statusText: '成功', createTime, results: [{ thumbUrl: `/thumb/${id}` }], ...extra }) as unknown as ImageTask;
const video = (id: string, createTime: string, extra: Partial<VideoTask> = {}) =>
  ({ id, prompt: `视频 ${id}`, modelName: 'Luma', status: 'succeeded', statusText: '成功', createTime, result: { posterUrl: `/poster/${id}` }, ...extra }) as unknown as VideoTask;
const deck = (id: string, updatedAt: string, extra: Partial<DeckSummary> = {}) => ({ id, title: `演示 ${id}`, status: 'succeeded', statusText: '已完成', updatedAt, ...extra }) as unknown as DeckSummary;
const voice = (id: string, createdAt: string, extra: Partial<VoiceClone> = {}) => ({ id, name: `音色 ${id}`, status: 'succeeded', createdAt, ...extra }) as unknown as VoiceClone;
const board = (id: string, updatedAt: string) => ({ id, title: `白板 ${id}`, updatedAt }) as unknown as WhiteboardSummary;
const TEXTS = { queued: '排队中', running: '复刻中' };

describe('works', () => {
  const sections = () => [
    imageWorks([image('i1', '2025-03-01T10:00:00.000Z'), image('i2', '2025-03-05T10:00:00.000Z', { status: 'failed' }), image('i3', '2025-03-04T08:00:00.000Z', { status: 'running', statusText: '生成中 40%', results: [] })]),
    videoWorks([video('v1', '2025-03-03T10:00:00.000Z'), video('v2', '2025-03-06T00:00:00.000Z', { status: 'failed', result: null })]),
    deckWorks([deck('d1', '2025-03-02T10:00:00.000Z', { status: 'draft', statusText: '待生成' })]),
    voiceWorks([voice('c1', '2025-02-28T10:00:00.000Z'), voice('c2', '2025-03-07T10:00:00.000Z', { status: 'queued' })], TEXTS),
    boardWorks([board('b 1', '2025-03-08T10:00:00.000Z')]),
  ];

  it('merges every kind newest first, leaving out failed generations', () => {
    const all = mergeWorks(sections());
    expect(all.map((w) => w.key)).toEqual(['whiteboard:b 1', 'voice:c2', 'image:i3', 'video:v1', 'slides:d1', 'image:i1', 'voice:c1']);
  });

  it('filters to one kind', () => {
    expect(mergeWorks(sections(), 'image').map((w) => w.key)).toEqual(['image:i3', 'image:i1']);
    expect(mergeWorks(sections(), 'whiteboard').map((w) => w.href)).toEqual(['/whiteBoard?board=b%201']);
    expect(mergeWorks(sections(), 'voice').map((w) => w.statusText)).toEqual(['排队中', null]);
  });

  it('gives each card its thumbnail, title, state and the page that opens it', () => {
    const byKey = new Map(mergeWorks(sections()).map((w) => [w.key, w]));
    expect(byKey.get('image:i1')).toMatchObject({ title: '画 i1', thumbUrl: '/thumb/i1', href: '/painter', statusText: null });
    expect(byKey.get('image:i3')).toMatchObject({ thumbUrl: null, statusText: '生成中 40%' });
    expect(byKey.get('video:v1')).toMatchObject({ thumbUrl: '/poster/v1', href: '/videoPage' });
    expect(byKey.get('slides:d1')).toMatchObject({ title: '演示 d1', href: '/pptPage', statusText: '待生成' });
    expect(byKey.get('voice:c1')).toMatchObject({ title: '音色 c1', href: '/soundClone', thumbUrl: null });
  });

  it('keeps a failed section out without losing the others (each section is its own list)', () => {
    const [images, , decks] = sections();
    expect(mergeWorks([images!, [], decks!]).map((w) => w.kind)).toEqual(['image', 'slides', 'image']);
  });

  it('orders equal times by key and unreadable times last', () => {
    const same = '2025-03-01T00:00:00.000Z';
    const merged = mergeWorks([boardWorks([board('b', same), board('a', same), board('z', 'not a time')])]);
    expect(merged.map((w) => w.key)).toEqual(['whiteboard:a', 'whiteboard:b', 'whiteboard:z']);
  });
});
