import { ChunkReader, parseChunk } from './chunkReader';

describe('parseChunk', () => {
  it('accepts the chunk shape with null or absent fields and numeric ids', () => {
    const chunk = { code: 0, error: null, title: null, type: 'normal', choices: [{ delta: { content: 'x' } }], convId: 12, convGroupId: 'g' };
    expect(parseChunk(JSON.stringify(chunk))).toEqual(chunk);
    expect(parseChunk('{}')).toEqual({});
    expect(parseChunk('{"choices":[{"delta":null}],"extra":true}')).toEqual({ choices: [{ delta: null }], extra: true });
  });

  it.each(['', 'not json', '42', '{"error":5}', '{"convId":{}}', '{"choices":[{"delta":{"content":1}}]}', '{"seq":"1"}', '{"choices":[{"delta":{"reasoning_content":2}}]}', '{"references":[{"title":"x"}]}', '{"references":{}}', '{"toolCalls":{}}'])('rejects %j', (data) => {
    expect(parseChunk(data)).toBeNull();
  });
});

describe('ChunkReader', () => {
  it('reports ids as strings, again only when they change', () => {
    const onIds = jest.fn();
    const reader = new ChunkReader({ onIds });
    reader.read({ convId: 12 });
    reader.read({ convId: '12' });
    reader.read({ convId: 12, convGroupId: 'g' });
    expect(onIds.mock.calls).toEqual([[{ convId: '12' }], [{ convId: '12', convGroupId: 'g' }]]);
    expect(reader.ids).toEqual({ convId: '12', convGroupId: 'g' });
  });

  it('treats ping and follow_up content as neither answer content nor empty deltas', () => {
    const onDelta = jest.fn();
    const reader = new ChunkReader({ onDelta });
    reader.read({ type: 'ping', choices: [{ delta: { content: '稍候' } }] });
    reader.read({ type: 'follow_up', choices: [{ delta: { content: 'a&&b' } }] });
    reader.read({ type: 'normal', choices: [{ delta: { content: '' } }] });
    expect(onDelta).not.toHaveBeenCalled();
    expect(reader.hasContent).toBe(false);
    expect(reader.started).toBe(true);
  });

  it('reads the gateway\'s extras: reasoning deltas, references, the offline tag and sequence numbers', () => {
    const calls: unknown[] = [];
    const reader = new ChunkReader({
      onReasoning: (text) => calls.push(['reasoning', text]),
      onReferences: (list) => calls.push(['references', list.map((r) => r.url)]),
      onDelta: (text) => calls.push(['delta', text]),
      onOfflineDemo: () => calls.push(['offline']),
    });
    reader.read({ seq: 1, type: 'ping', choices: [{ delta: { content: '请稍候' } }] });
    reader.read({ seq: 2, choices: [{ delta: { content: '', reasoning_content: '先想一想' } }] });
    reader.read({ seq: 3, references: [{ id: '1', title: 'A', url: 'https://a.example' }], choices: [{ delta: { content: '' } }] });
    reader.read({ seq: 4, choices: [{ delta: { content: '答案' } }] });
    reader.read({ seq: 5, offlineDemo: true, title: 't' });
    expect(calls).toEqual([['reasoning', '先想一想'], ['references', ['https://a.example']], ['delta', '答案'], ['offline']]);
    expect(reader.lastSeq).toBe(5);
    expect(parseChunk('{"seq":7,"choices":[{"delta":{"content":"","reasoning_content":"r"}}],"references":[{"url":"u","title":"t"}]}')).not.toBeNull();
  });

  it('reports the extensions\' tool calls of a chunk, leaving out malformed records', () => {
    const onToolCalls = jest.fn();
    const reader = new ChunkReader({ onToolCalls });
    const running = { id: 't1', mcpName: 'calc', showName: '计算器', tool: 'add', arguments: '{"a":1}', status: 'running', round: 1 } as const;
    reader.read({ seq: 1, toolCalls: [running, { id: 't2', status: 'exploded' } as never, { ...running, id: 't3', seconds: '2' } as never] });
    reader.read({ seq: 2, toolCalls: [] });
    reader.read({ seq: 3, toolCalls: [{ ...running, status: 'done', result: '2', seconds: 0.4 }] });
    expect(onToolCalls.mock.calls).toEqual([[[running]], [[{ ...running, status: 'done', result: '2', seconds: 0.4 }]]]);
    expect(reader.hasContent).toBe(false);
  });
});
