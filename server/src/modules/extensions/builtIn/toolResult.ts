import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

/** A refusal a built-in tool answers to the model (bad input, a rule): its message is shown as is. */
export class ToolRefusal extends Error {}

export const textResult = (text: string): CallToolResult => ({ content: [{ type: 'text', text }] });
export const errorResult = (text: string): CallToolResult => ({ content: [{ type: 'text', text }], isError: true });

/** Runs a tool's work; a refusal (or one of `refusals`) is an error result with its message, anything else a generic one (logged by the caller's server). */
export async function answered(work: () => Promise<string> | string, refusals: ReadonlyArray<new (...args: never[]) => Error> = []): Promise<CallToolResult> {
  try {
    return textResult(await work());
  } catch (error) {
    if (error instanceof ToolRefusal || refusals.some((kind) => error instanceof kind)) return errorResult((error as Error).message);
    throw error;
  }
}
