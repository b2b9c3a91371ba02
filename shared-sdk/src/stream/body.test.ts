import { buildStreamBody, isImageOrVideoModel, type StreamBodyInput } from './body';

const input: StreamBodyInput = {
  recentChatLen: 4,
  model: 'gpt-4o',
  search: true,
  convGroupId: 'g1',
  parentConvId: 'c1',
  request: '你好',
  useContext: true,
  modelName: 'GPT-4o',
  systemPrompt: 'Take a deep breath and think step by step',
  useHong: false,
  knowledgeId: 'k1',
  intelligentCode: null,
  uploadedFiles: [{ url: '/f/a.pdf', name: 'a.pdf' }],
  mcps: ['search', { mcpName: 'weather' }, 'search', { mcpName: 'search' }],
};

describe('buildStreamBody', () => {
  it('keeps every field for a text model, streams, and sends MCP names once each', () => {
    const { mcps, ...rest } = input;
    expect(buildStreamBody(input)).toEqual({ ...rest, stream: true, mcps: ['search', 'weather'] });
  });

  it('sends an empty MCP list when none are selected', () => {
    expect(buildStreamBody({ ...input, mcps: undefined }).mcps).toEqual([]);
  });

  it.each(['kontext-pro', 'flux-kontext-max', 'veo3', 'VEO-2-fast'])('omits systemPrompt and mcps for %s', (model) => {
    const body = buildStreamBody({ ...input, model });
    expect(body).not.toHaveProperty('systemPrompt');
    expect(body).not.toHaveProperty('mcps');
    expect(body).toMatchObject({ model, request: '你好', stream: true, convGroupId: 'g1' });
  });

  it('tells image and video models apart', () => {
    expect(isImageOrVideoModel('kontext-pro')).toBe(true);
    expect(isImageOrVideoModel('veo3')).toBe(true);
    expect(isImageOrVideoModel('deepseek-chat')).toBe(false);
  });
});
