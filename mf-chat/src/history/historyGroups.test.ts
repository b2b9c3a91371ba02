import { groupHistory } from './historyGroups';

describe('history groups', () => {
  it('groups history into today, yesterday and earlier across midnight (browser calendar)', () => {
    const group = (id: string, at: Date) => ({ convGroupId: id, title: id, createTime: at.toISOString(), gptsId: null, icon: null, showInput: true });
    const now = new Date(2030, 0, 2, 0, 5);
    const grouped = groupHistory([group('a', new Date(2030, 0, 2, 0, 1)), group('b', new Date(2030, 0, 1, 23, 59)), group('c', new Date(2029, 11, 31, 12))], now);
    expect(grouped.map((g) => [g.bucket, g.groups.map((x) => x.convGroupId)])).toEqual([
      ['today', ['a']],
      ['yesterday', ['b']],
      ['earlier', ['c']],
    ]);
  });
});
