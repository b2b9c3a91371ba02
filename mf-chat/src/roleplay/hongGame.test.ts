import type { ConversationMessage } from '@qiming/sdk/contracts';
import type { BranchMessage } from '../chat/branch';
import { HONG_START, hongCodeOf, hongGame } from './hongGame';

let id = 0;
function round(reply: string, status: ConversationMessage['status'] = 'done'): BranchMessage[] {
  const message = (role: 'user' | 'assistant', content: string, s: ConversationMessage['status']) =>
    ({ node: { convId: `n${++id}`, status: s, chatContent: [{ role, content }] } as ConversationMessage, curIndex: 1, chatLen: 1, previousVersion: null, nextVersion: null }) as BranchMessage;
  return [message('user', '对不起', 'done'), message('assistant', reply, status)];
}

describe('the forgiveness game', () => {
  it('starts at 20 with 10 tries', () => {
    expect(hongGame([])).toMatchObject({ value: HONG_START, triesUsed: 0, triesLeft: 10, status: 'playing' });
  });

  it('adds each reply’s change, 5 when a reply has none, keeping the value within 0–100', () => {
    const game = hongGame([...round('哼。\n\n【原谅值】+12'), ...round('没有分数的回复'), ...round('你还狡辩！\n\n【原谅值】-30'), ...round('……【原谅值】-30')]);
    expect([...game.changes.values()]).toEqual([12, 5, -30, -30]);
    expect(game.value).toBe(0);
    expect(game.triesLeft).toBe(6);
  });

  it('is won at 100 and lost when the tries run out below it; failed or unfinished answers use no try', () => {
    const won = hongGame(Array.from({ length: 3 }, () => round('好吧。【原谅值】+30')).flat());
    expect(won).toMatchObject({ value: 100, status: 'won', triesUsed: 3 });
    const lost = hongGame([...round('出错了', 'failed'), ...Array.from({ length: 10 }, () => round('【原谅值】+1')).flat()]);
    expect(lost).toMatchObject({ value: HONG_START + 10, triesUsed: 10, triesLeft: 0, status: 'lost' });
    expect(hongGame(round('正在生成', 'generating')).triesUsed).toBe(0);
  });

  it('knows role-play conversations by their scene code', () => {
    expect(hongCodeOf('hong-anniversary')).toBe('hong-anniversary');
    expect(hongCodeOf('gpt-4-gizmo-g-x')).toBeNull();
    expect(hongCodeOf(null)).toBeNull();
  });
});
