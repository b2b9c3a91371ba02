import { ApiError } from '@qiming/sdk';
import { WHITEBOARD_CODES, WHITEBOARD_LIMITS, type WhiteboardScene } from '@qiming/sdk/contracts';
import { BoardAutosave, type PersistScene } from './autosave';
import { sceneBytes, sceneFingerprint, sceneOf } from './scene';

const scene = (...ids: string[]): WhiteboardScene => ({ elements: ids.map((id) => ({ id, version: 1 })) });

/** A persist that records each save and answers when the test says. */
function server(startVersion = 1) {
  const saves: Array<{ scene: WhiteboardScene; version: number; answer(error?: Error): void }> = [];
  let current = startVersion;
  const persist: PersistScene = (saved, version) =>
    new Promise((resolve, reject) => {
      saves.push({ scene: saved, version, answer: (error) => (error ? reject(error) : resolve((current = version + 1))) });
    });
  return { saves, persist, version: () => current };
}

const settle = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
};

describe('BoardAutosave', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('saves once, 1.5 s after the last of a burst of changes, with the latest scene', async () => {
    const s = server();
    const autosave = new BoardAutosave({ persist: s.persist, version: 1, fingerprint: 'f0' });
    autosave.change('f1', () => scene('a'));
    jest.advanceTimersByTime(1000);
    autosave.change('f2', () => scene('a', 'b'));
    expect(autosave.status).toBe('pending');
    jest.advanceTimersByTime(WHITEBOARD_LIMITS.autosaveMs - 1);
    expect(s.saves).toHaveLength(0);
    jest.advanceTimersByTime(1);
    await settle();
    expect(s.saves).toHaveLength(1);
    expect(autosave.status).toBe('saving');
    expect(s.saves[0]!.scene).toEqual(scene('a', 'b'));
    expect(s.saves[0]!.version).toBe(1);
    s.saves[0]!.answer();
    await settle();
    expect([autosave.status, autosave.version, autosave.dirty]).toEqual(['saved', 2, false]);
  });

  it('ignores changes that change nothing (pointer moves, selection) and the first change when no fingerprint was given', async () => {
    const s = server();
    const autosave = new BoardAutosave({ persist: s.persist, version: 1 });
    autosave.change('loaded', () => scene('a')); // the editor's own onChange once the scene is restored
    autosave.change('loaded', () => scene('a'));
    jest.advanceTimersByTime(5000);
    await settle();
    expect([autosave.status, s.saves.length]).toEqual(['saved', 0]);
    autosave.change('edited', () => scene('a', 'b'));
    jest.advanceTimersByTime(WHITEBOARD_LIMITS.autosaveMs);
    await settle();
    expect(s.saves).toHaveLength(1);
  });

  it('saves changes made during a save after it, on the version that save answered, and waits for the debounce when it is not over', async () => {
    const s = server();
    const autosave = new BoardAutosave({ persist: s.persist, version: 1, fingerprint: 'f0' });
    autosave.change('f1', () => scene('a'));
    jest.advanceTimersByTime(WHITEBOARD_LIMITS.autosaveMs);
    await settle();
    autosave.change('f2', () => scene('a', 'b'));
    jest.advanceTimersByTime(WHITEBOARD_LIMITS.autosaveMs);
    await settle();
    expect(s.saves).toHaveLength(1); // one save at a time
    s.saves[0]!.answer();
    await settle();
    // Its debounce ran out while the first save was on its way: it goes out as soon as that answers.
    expect(s.saves).toHaveLength(2);
    expect(autosave.status).toBe('saving');
    expect([s.saves[1]!.version, s.saves[1]!.scene]).toEqual([2, scene('a', 'b')]);
    // A change during the second save whose debounce is not over when it answers: pending, then saved after the debounce.
    autosave.change('f3', () => scene('a', 'b', 'c'));
    s.saves[1]!.answer();
    await settle();
    expect([autosave.status, autosave.version, s.saves.length]).toEqual(['pending', 3, 2]);
    jest.advanceTimersByTime(WHITEBOARD_LIMITS.autosaveMs);
    await settle();
    expect([s.saves.length, s.saves[2]!.version]).toEqual([3, 3]);
    s.saves[2]!.answer();
    await settle();
    expect([autosave.status, autosave.version]).toEqual(['saved', 4]);
  });

  it('shows a failed save and saves the same scene again on retry', async () => {
    const s = server();
    const autosave = new BoardAutosave({ persist: s.persist, version: 1, fingerprint: 'f0' });
    autosave.change('f1', () => scene('a'));
    jest.advanceTimersByTime(WHITEBOARD_LIMITS.autosaveMs);
    await settle();
    s.saves[0]!.answer(new ApiError(0, '网络连接失败，请检查网络', 'network'));
    await settle();
    expect([autosave.status, autosave.error, autosave.dirty]).toEqual(['error', '网络连接失败，请检查网络', true]);
    const retried = autosave.retry();
    await settle();
    expect(s.saves[1]!.scene).toEqual(scene('a'));
    s.saves[1]!.answer();
    await retried;
    expect([autosave.status, autosave.error, autosave.version]).toEqual(['saved', null, 2]);
  });

  it('stops on a conflict: nothing more is saved, the message says why', async () => {
    const s = server();
    const autosave = new BoardAutosave({ persist: s.persist, version: 1, fingerprint: 'f0' });
    autosave.change('f1', () => scene('a'));
    jest.advanceTimersByTime(WHITEBOARD_LIMITS.autosaveMs);
    await settle();
    s.saves[0]!.answer(new ApiError(WHITEBOARD_CODES.conflict, '白板已在其他窗口或设备上修改，请载入最新版本后再编辑'));
    await settle();
    expect([autosave.status, autosave.error]).toEqual(['conflict', '白板已在其他窗口或设备上修改，请载入最新版本后再编辑']);
    autosave.change('f2', () => scene('a', 'b'));
    jest.advanceTimersByTime(10_000);
    await autosave.flush();
    expect(s.saves).toHaveLength(1);
    expect(autosave.status).toBe('conflict');
  });

  it('refuses a scene over 5 MB without sending it', async () => {
    const s = server();
    const autosave = new BoardAutosave({ persist: s.persist, version: 1, fingerprint: 'f0' });
    autosave.change('big', () => ({ elements: [], files: { f: { dataURL: 'x'.repeat(WHITEBOARD_LIMITS.sceneBytes) } } }));
    await autosave.flush();
    expect(s.saves).toHaveLength(0);
    expect([autosave.status, autosave.error]).toEqual(['error', '白板内容超过 5 MB，无法保存，请删除部分图片或元素']);
  });
});

describe('scene', () => {
  it('fingerprints by element versions and the kept view settings, not by selection or zoom', () => {
    const elements = [{ id: 'a', version: 3 }, { id: 'b', version: 1 }];
    const base = sceneFingerprint(elements, { viewBackgroundColor: '#fff', zoom: 1 });
    expect(sceneFingerprint(elements, { viewBackgroundColor: '#fff', zoom: 2, selectedElementIds: { a: true } })).toBe(base);
    expect(sceneFingerprint([{ id: 'a', version: 4 }, elements[1]!], { viewBackgroundColor: '#fff' })).not.toBe(base);
    expect(sceneFingerprint(elements, { viewBackgroundColor: '#000' })).not.toBe(base);
  });

  it('keeps only the files elements still use and the kept view settings', () => {
    const elements = [
      { id: 'i1', version: 1, type: 'image', fileId: 'f1' },
      { id: 'i2', version: 2, type: 'image', fileId: 'f2', isDeleted: true },
    ];
    const saved = sceneOf(elements, { viewBackgroundColor: '#fffce8', zoom: { value: 2 }, openMenu: 'canvas' }, { f1: { id: 'f1' }, f2: { id: 'f2' }, f3: { id: 'f3' } });
    expect(saved).toEqual({ elements, appState: { viewBackgroundColor: '#fffce8' }, files: { f1: { id: 'f1' } } });
  });
});

describe('sceneBytes', () => {
  it('counts UTF-8 bytes as the server does', () => {
    // {"elements":[{"id":"白板","text":"a😀é"}]}: 36 ASCII bytes, 白板 3 + 3, 😀 4, é 2.
    expect(sceneBytes({ elements: [{ id: '白板', text: 'a😀é' }] })).toBe(47);
  });
});
