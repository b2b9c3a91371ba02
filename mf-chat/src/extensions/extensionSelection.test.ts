import { EXTENSION_LIMITS } from '@qiming/sdk/contracts';
import type { StreamRequestBody } from '@qiming/sdk';
import { ChatStore } from '../chat/ChatStore';
import { outcome, setup, type Script } from '../chat/testChatStore';
import { testAgent } from '../agents/testAgent';
import { extensionsInUse } from './inUse';
import { EXTENSIONS_STORAGE_KEY, MAX_CONVERSATIONS, storedSelections } from './selectionMemory';
import { memoryStorage, testExtension } from './testExtensions';

const offered = ['calc', 'weather', 'maps', 'search'].map((name) => testExtension(name));
const done: Script = () => outcome({ status: 'done', endedWithoutDone: false });

/** A chat store whose extensions come from `list` and are remembered in a storage of the test's own. */
function storeWith(scripts: Script[], list = offered) {
  const storage = memoryStorage();
  const { deps } = setup(scripts);
  const memory = storedSelections(storage);
  const store = new ChatStore({ ...deps, offeredExtensions: () => list, extensionMemory: memory }, 'glm-4-flash');
  const sent = () => deps.send.mock.calls.map((call) => (call[0] as StreamRequestBody).mcps);
  return { store, deps, memory, storage, sent };
}

describe('the remembered selection (local storage)', () => {
  it('keeps a new chat\'s and each conversation\'s own; an emptied conversation has no entry', () => {
    const storage = memoryStorage();
    const memory = storedSelections(storage);
    memory.write(null, ['calc']);
    memory.write('g1', ['weather', 'maps']);
    memory.write('g2', ['search']);
    expect([memory.read(null), memory.read('g1'), memory.read('g2'), memory.read('g3')]).toEqual([['calc'], ['weather', 'maps'], ['search'], []]);
    memory.write('g2', []);
    expect(JSON.parse(storage.data.get(EXTENSIONS_STORAGE_KEY)!).conversations).toEqual([['g1', ['weather', 'maps']]]);
  });

  it(`keeps the ${MAX_CONVERSATIONS} conversations changed last`, () => {
    const memory = storedSelections(memoryStorage());
    for (let i = 0; i <= MAX_CONVERSATIONS; i++) memory.write(`g${i}`, ['calc']);
    expect(memory.read('g0')).toEqual([]);
    expect(memory.read('g1')).toEqual(['calc']);
    memory.write('g1', ['maps']); // changed again: the newest, so g2 is the oldest now
    memory.write('g-new', ['calc']);
    expect([memory.read('g1'), memory.read('g2')]).toEqual([['maps'], []]);
  });

  it('reads a damaged value as nothing chosen', () => {
    const storage = memoryStorage();
    storage.setItem(EXTENSIONS_STORAGE_KEY, '{"newChat":"calc","conversations":[["g1",[1]],["g2",["maps"]]]}');
    const memory = storedSelections(storage);
    expect([memory.read(null), memory.read('g1'), memory.read('g2')]).toEqual([[], [], ['maps']]);
    storage.setItem(EXTENSIONS_STORAGE_KEY, 'not json');
    expect(memory.read(null)).toEqual([]);
  });
});

describe('extensions in use', () => {
  it('only what the server still offers, the agent\'s own apart and not repeated, none while the list is unknown', () => {
    expect(extensionsInUse(['calc', 'gone', 'maps'], offered, [])).toEqual({ fixed: [], chosen: [offered[0], offered[2]] });
    expect(extensionsInUse(['calc', 'maps'], offered, ['maps', 'gone'])).toEqual({ fixed: [offered[2]], chosen: [offered[0]] });
    expect(extensionsInUse(['calc'], null, [])).toEqual({ fixed: [], chosen: [] });
  });

  it(`at most ${EXTENSION_LIMITS.selectedMax} in all, the agent's count too`, () => {
    const many = Array.from({ length: 12 }, (_, i) => testExtension(`m${i}`));
    const names = many.map((info) => info.mcpName);
    expect(extensionsInUse(names, many, []).chosen).toHaveLength(EXTENSION_LIMITS.selectedMax);
    const withAgent = extensionsInUse(names.slice(3), many, names.slice(0, 3));
    expect([withAgent.fixed.length, withAgent.chosen.length]).toEqual([3, EXTENSION_LIMITS.selectedMax - 3]);
  });
});

describe('ChatStore: extensions per conversation', () => {
  it('sends the selection as mcps, without names no longer offered', async () => {
    const { store, sent } = storeWith([done, done]);
    store.extensions.set(['weather', 'retired', 'calc', 'calc']);
    await store.send('北京天气');
    store.removeExtension('weather');
    await store.send('再算一下');
    expect(sent()).toEqual([['weather', 'calc'], ['calc']]);
  });

  it('an agent\'s own extensions are shown as fixed and not sent again; image and video models send none', async () => {
    const { store, sent } = storeWith([done, done]);
    store.extensions.set(['calc', 'maps']);
    store.selectAgent(testAgent({ mcps: ['maps', 'search'] }));
    expect(store.extensionsInUse.fixed.map((info) => info.mcpName)).toEqual(['maps', 'search']);
    await store.send('规划路线');
    store.clearAgent();
    store.setModel('flux-kontext-pro');
    await store.send('画一只猫');
    expect(sent()).toEqual([['calc'], undefined]);
  });

  it('role-play uses none', async () => {
    const { store, sent } = storeWith([done]);
    store.extensions.set(['calc']);
    store.newChat('hong-1');
    expect(store.extensionsInUse).toEqual({ fixed: [], chosen: [] });
    await store.send('别生气了');
    expect(sent()).toEqual([[]]);
  });

  it('each conversation shows its own selection; a new chat starts from the one last used in a new chat', async () => {
    const { store, memory } = storeWith([]);
    memory.write('g1', ['weather']);
    store.extensions.set(['calc']); // a new chat's
    await store.openFromHistory('g1');
    expect(store.extensions.names).toEqual(['weather']);
    store.extensions.set(['weather', 'maps']);
    store.newChat();
    expect(store.extensions.names).toEqual(['calc']);
    await store.openFromHistory('g1');
    expect(store.extensions.names).toEqual(['weather', 'maps']);
    await store.followUrl(null);
    expect(store.extensions.names).toEqual(['calc']);
  });

  it('a new chat\'s selection becomes its conversation\'s once the first chunk names it, and stays the new chat\'s', async () => {
    let named!: () => void;
    const { store, memory, sent } = storeWith([
      (h) => {
        h.onIds!({ convId: 'a1', convGroupId: 'g9', parentConvId: 'q1' });
        named();
        return outcome({ status: 'done', endedWithoutDone: false });
      },
    ]);
    store.extensions.set(['search']);
    const seen = new Promise<string[]>((resolve) => (named = () => resolve(memory.read('g9'))));
    await store.send('查一下');
    expect(await seen).toEqual(['search']);
    expect(sent()).toEqual([['search']]);
    store.extensions.set([]); // changed in g9 only
    expect([memory.read('g9'), memory.read(null)]).toEqual([[], ['search']]);
  });
});
