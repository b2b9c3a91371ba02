import type { StreamRequestBody } from './types';

export type StreamBodyInput = Omit<StreamRequestBody, 'stream' | 'mcps'> & {
  /** MCP service names, or the services themselves (their mcpName is sent). */
  mcps?: ReadonlyArray<string | { mcpName: string }>;
};

/** Image and video models (kontext, veo) take neither a system prompt nor MCP services. */
export function isImageOrVideoModel(model: string): boolean {
  const id = model.toLowerCase();
  return id.includes('kontext') || id.includes('veo');
}

export function buildStreamBody(input: StreamBodyInput): StreamRequestBody {
  const { systemPrompt, mcps, ...rest } = input;
  const body: StreamRequestBody = { ...rest, stream: true };
  if (isImageOrVideoModel(input.model)) return body;
  if (systemPrompt !== undefined) body.systemPrompt = systemPrompt;
  body.mcps = [...new Set((mcps ?? []).map((mcp) => (typeof mcp === 'string' ? mcp : mcp.mcpName)))];
  return body;
}
