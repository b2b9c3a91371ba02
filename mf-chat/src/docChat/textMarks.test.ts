import { inPassage, markedPiece, searchPages, squeeze } from './textMarks';

const classes = { passage: 'p', hit: 'h' };

describe('marks in the text layer', () => {
  const passage = squeeze('第二章 退货政策\n\n退货需在收到商品后七天内申请，商品需保持完好。');

  it('marks the pieces of the cited passage, whatever their spacing, and not single characters', () => {
    expect(inPassage('退货需在收到商品后 七天内申请，', passage)).toBe(true);
    expect(inPassage('本公司成立于二零一零年', passage)).toBe(false);
    expect(inPassage('退', passage)).toBe(false);
    expect(inPassage('第⼆章 退货政策', passage)).toBe(true);
    expect(markedPiece('商品需保持完好。', { passage }, classes)).toBe('<mark class="p">商品需保持完好。</mark>');
  });

  it('marks every match of the search, case-insensitive, and escapes the text', () => {
    expect(markedPiece('PDF <b> and pdf', { query: 'pdf' }, classes)).toBe('<mark class="h">PDF</mark> &lt;b&gt; and <mark class="h">pdf</mark>');
    expect(markedPiece('a<b', {}, classes)).toBe('a&lt;b');
  });

  it('finds the pages of a query with the text around each match', () => {
    const hits = searchPages(['没有', '第二页讲退货，退货要在七天内', '第三页也说退货'], '退货');
    expect(hits.map((hit) => hit.page)).toEqual([2, 2, 3]);
    expect(hits[0]!.excerpt).toContain('退货');
    expect(searchPages(['x'], '  ')).toEqual([]);
  });
});
