import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { outcomeOf } from './results.js';
import { MODEL_TOOL_NAME, modelToolName } from './toolNames.js';

describe('extensions: model-facing tool names and results', () => {
  it('names a tool <mcpName>__<tool> in the characters both wire formats accept, cut with a hash when long or taken', () => {
    assert.equal(modelToolName('calculator', 'evaluate', new Set()), 'calculator__evaluate');
    assert.equal(modelToolName('my.server', 'get weather/今天', new Set()), 'my_server__get_weather___');
    const long = modelToolName('a'.repeat(60), 'tool', new Set());
    assert.equal(long.length, 64);
    assert.match(long, /^a{55}_[0-9a-f]{8}$/);
    assert.notEqual(modelToolName('a'.repeat(60), 'other', new Set()), long, 'two long names differ by their hash');
    const taken = new Set(['my_server__x']);
    const second = modelToolName('my-server', 'x', new Set(['my-server__x']));
    assert.equal(second, 'my-server__x_' + second.slice(-8));
    const collided = modelToolName('my.server', 'x', taken);
    assert.notEqual(collided, 'my_server__x');
    for (const name of [long, collided, second]) assert.match(name, MODEL_TOOL_NAME);
  });

  it('reads a result: text parts joined, images marked, structured content when there is no text, isError failed, long text cut', () => {
    assert.deepEqual(outcomeOf({ content: [{ type: 'text', text: 'a' }, { type: 'image', data: 'x', mimeType: 'image/png' }, { type: 'text', text: 'b' }] }), { ok: true, text: 'a\n[图片]\nb' });
    assert.deepEqual(outcomeOf({ content: [], structuredContent: { temperature: 21 } }), { ok: true, text: '{"temperature":21}' });
    assert.deepEqual(outcomeOf({ content: [{ type: 'text', text: '城市不存在' }], isError: true }), { ok: false, text: '城市不存在' });
    const long = outcomeOf({ content: [{ type: 'text', text: '字'.repeat(20_000) }] });
    assert.equal(long.text, `${'字'.repeat(16_000)}…（结果过长，已截断）`);
  });
});
