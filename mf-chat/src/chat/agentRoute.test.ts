import { agentCodeOfRoute } from './agentRoute';

describe('agentCodeOfRoute', () => {
  it('reads the agent code of /chatPage/g-<code> only', () => {
    expect(agentCodeOfRoute('g-abc123')).toBe('abc123');
    expect(agentCodeOfRoute('g-')).toBeNull();
    expect(agentCodeOfRoute('abc')).toBeNull();
    expect(agentCodeOfRoute(undefined)).toBeNull();
  });
});
