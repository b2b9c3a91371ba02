import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { WHITEBOARD_CODES, WHITEBOARD_LIMITS, type Whiteboard, type WhiteboardScene, type WhiteboardSummary } from '@qiming/contracts';
import { ACCOUNT_TEST_ENV, call, envelope, registeredUser } from '../../testing/accounts.js';
import { createTestApp, type TestApp } from '../../testing/testApp.js';

const DB = process.env.TEST_DATABASE ?? 'sqlite';
type User = { id: string; token: string };

const rect = (id: string, extra: Record<string, unknown> = {}) => ({ id, type: 'rectangle', x: 10, y: 20, width: 100, height: 50, version: 1, isDeleted: false, ...extra });

describe(`whiteboards (${DB})`, () => {
  let t: TestApp;
  let alice: User;
  let bob: User;
  const post = <T>(user: User | null, path: string, payload: unknown = {}) => envelope<T>(t.app.server, 'POST', `whiteboard/${path}`, { token: user?.token, payload });
  const created = async (user: User, payload: unknown = {}) => {
    const answer = await post<Whiteboard>(user, 'create', payload);
    assert.equal(answer.code, 0, answer.msg);
    return answer.data;
  };

  before(async () => {
    t = await createTestApp(ACCOUNT_TEST_ENV);
    alice = await registeredUser(t.app.server);
    bob = await registeredUser(t.app.server);
  });
  after(() => t.close());

  it('creates, saves, lists, renames and deletes a board; the scene comes back as saved', async () => {
    const board = await created(alice);
    assert.deepEqual([board.title, board.version, board.elementCount, board.scene], ['未命名白板', 1, 0, { elements: [] }]);

    const scene: WhiteboardScene = { elements: [rect('a'), rect('b', { isDeleted: true }), { id: 't', type: 'text', text: '你好，白板' }], appState: { viewBackgroundColor: '#fffce8' }, files: {} };
    const saved = await post<WhiteboardSummary>(alice, 'save', { id: board.id, version: 1, scene });
    assert.equal(saved.code, 0, saved.msg);
    assert.equal(saved.data.version, 2);
    assert.equal(saved.data.elementCount, 2, 'deleted elements are not counted');
    assert.equal(saved.data.bytes, Buffer.byteLength(JSON.stringify(scene)));

    const read = await post<Whiteboard>(alice, 'get', { id: board.id });
    assert.deepEqual(read.data.scene, scene);
    assert.equal(read.data.version, 2);

    const second = await created(alice, { title: '产品草图', scene: { elements: [rect('c')] } });
    assert.equal(second.elementCount, 1);
    const list = await post<WhiteboardSummary[]>(alice, 'list');
    assert.deepEqual(list.data.map((b) => b.title), ['产品草图', '未命名白板'], 'last changed first');
    assert.equal('scene' in list.data[0]!, false, 'the list carries no scenes');

    const renamed = await post<WhiteboardSummary>(alice, 'rename', { id: board.id, title: '  会议记录  ' });
    assert.deepEqual([renamed.data.title, renamed.data.version], ['会议记录', 2]);
    assert.equal((await post(alice, 'rename', { id: board.id, title: ' ' })).msg, '请求参数不正确：title: 请填写白板名称');
    assert.equal((await post(alice, 'rename', { id: board.id, title: '长'.repeat(WHITEBOARD_LIMITS.title + 1) })).code, 400);

    assert.equal((await post(alice, 'delete', { id: board.id })).code, 0);
    const gone = await post(alice, 'get', { id: board.id });
    assert.deepEqual([gone.code, gone.msg], [WHITEBOARD_CODES.notFound, '白板不存在或已删除']);
    assert.equal((await post(alice, 'delete', { id: board.id })).code, WHITEBOARD_CODES.notFound);
    assert.deepEqual((await post<WhiteboardSummary[]>(alice, 'list')).data.map((b) => b.id), [second.id]);
  });

  it('refuses a save based on an older version: the later of two tabs gets the conflict, nothing is overwritten', async () => {
    const board = await created(alice);
    const tabA = await post<WhiteboardSummary>(alice, 'save', { id: board.id, version: 1, scene: { elements: [rect('from-a')] } });
    assert.equal(tabA.code, 0, tabA.msg);
    const tabB = await post(alice, 'save', { id: board.id, version: 1, scene: { elements: [rect('from-b')] } });
    assert.deepEqual([tabB.code, tabB.msg], [WHITEBOARD_CODES.conflict, '白板已在其他窗口或设备上修改，请载入最新版本后再编辑']);
    const read = await post<Whiteboard>(alice, 'get', { id: board.id });
    assert.deepEqual([read.data.version, (read.data.scene.elements[0] as { id: string }).id], [2, 'from-a']);
    // Tab B reloads and saves on the current version.
    assert.equal((await post<WhiteboardSummary>(alice, 'save', { id: board.id, version: 2, scene: { elements: [rect('from-b')] } })).data.version, 3);

    // Two saves racing on the same version: exactly one wins.
    const racing = await Promise.all([0, 1, 2].map((i) => post(alice, 'save', { id: board.id, version: 3, scene: { elements: [rect(`race-${i}`)] } })));
    assert.deepEqual(racing.map((r) => r.code).sort(), [0, WHITEBOARD_CODES.conflict, WHITEBOARD_CODES.conflict]);
    assert.equal((await post<Whiteboard>(alice, 'get', { id: board.id })).data.version, 4);
  });

  it("keeps boards to their owner: another user can neither read, save, rename nor delete them, nor see them listed", async () => {
    const board = await created(alice, { title: '私人白板', scene: { elements: [rect('secret')] } });
    for (const [path, payload] of [
      ['get', { id: board.id }],
      ['save', { id: board.id, version: 1, scene: { elements: [] } }],
      ['rename', { id: board.id, title: '偷改' }],
      ['delete', { id: board.id }],
    ] as const) {
      const answer = await post(bob, path, payload);
      assert.deepEqual([answer.code, answer.msg], [WHITEBOARD_CODES.notFound, '白板不存在或已删除'], path);
    }
    assert.equal((await post<WhiteboardSummary[]>(bob, 'list')).data.some((b) => b.id === board.id), false);
    const still = await post<Whiteboard>(alice, 'get', { id: board.id });
    assert.deepEqual([still.data.title, still.data.version, still.data.elementCount], ['私人白板', 1, 1]);
  });

  it('refuses a scene over 5 MB with a clear message, on create and on save, and keeps the saved one', async () => {
    const board = await created(alice, { scene: { elements: [rect('kept')] } });
    const big: WhiteboardScene = { elements: [rect('big')], files: { f1: { id: 'f1', mimeType: 'image/png', dataURL: `data:image/png;base64,${'A'.repeat(WHITEBOARD_LIMITS.sceneBytes)}` } } };
    const tooLarge = { code: WHITEBOARD_CODES.tooLarge, msg: '白板内容超过 5 MB，无法保存，请删除部分图片或元素' };
    const save = await post(alice, 'save', { id: board.id, version: 1, scene: big });
    assert.deepEqual({ code: save.code, msg: save.msg }, tooLarge);
    const create = await post(alice, 'create', { scene: big });
    assert.deepEqual({ code: create.code, msg: create.msg }, tooLarge);
    const read = await post<Whiteboard>(alice, 'get', { id: board.id });
    assert.deepEqual([read.data.version, read.data.elementCount], [1, 1]);
    // Just under the limit is fine.
    const fits: WhiteboardScene = { elements: [], files: { f: 'x'.repeat(WHITEBOARD_LIMITS.sceneBytes - 100) } };
    assert.equal((await post(alice, 'save', { id: board.id, version: 1, scene: fits })).code, 0);
    // Far past the body limit: still an answer in Chinese, never a 500.
    const huge = await call(t.app.server, 'POST', 'whiteboard/save', { token: alice.token, payload: { id: board.id, version: 2, scene: { elements: [], files: { f: 'x'.repeat(3 * WHITEBOARD_LIMITS.sceneBytes) } } } });
    assert.deepEqual([huge.statusCode, huge.json().msg], [413, '请求内容过大']);
  });

  it('checks the input: a malformed scene, a missing version or id', async () => {
    const board = await created(alice);
    const cases: Array<[unknown, RegExp]> = [
      [{ id: board.id, version: 1, scene: { elements: 'nope' } }, /白板内容格式不正确/],
      [{ id: board.id, version: 1, scene: null }, /白板内容格式不正确/],
      [{ id: board.id, scene: { elements: [] } }, /缺少白板版本/],
      [{ version: 1, scene: { elements: [] } }, /白板不存在或已删除/],
    ];
    for (const [payload, message] of cases) {
      const answer = await post(alice, 'save', payload);
      assert.equal(answer.code, 400, JSON.stringify(payload));
      assert.match(answer.msg, message);
    }
  });

  it('answers 401 to a visitor on every call', async () => {
    for (const path of ['list', 'get', 'create', 'save', 'rename', 'delete']) {
      const response = await call(t.app.server, 'POST', `whiteboard/${path}`, { payload: {} });
      assert.equal(response.statusCode, 401, path);
    }
  });
});
