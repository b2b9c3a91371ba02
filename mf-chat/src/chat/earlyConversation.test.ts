import { session } from '@qiming/sdk';
import type { ConversationBranch } from '@qiming/sdk/contracts';
import { conversationsApi } from '../history/conversationsApi';
import { readConversationEarly, takeEarlyConversation } from './earlyConversation';

jest.mock('../history/conversationsApi', () => ({ conversationsApi: { branch: jest.fn() } }));
const branch = conversationsApi.branch as jest.Mock;
const page = { group: { convGroupId: 'g1' }, messages: [], hasEarlier: false } as unknown as ConversationBranch;

describe('the conversation read as the chat area starts', () => {
  beforeEach(() => branch.mockReset().mockResolvedValue(page));
  afterEach(() => session.clear());
  const signedIn = (on: boolean) => (on ? session.setTokens('access', 'refresh') : session.clear());

  it('is asked for on a conversation URL while signed in, handed over once, with the page once it arrived', async () => {
    signedIn(true);
    readConversationEarly({ pathname: '/chatPage', search: '?conv=g1' });
    expect(branch).toHaveBeenCalledWith('g1', {}, true);
    await Promise.resolve();
    expect(takeEarlyConversation('g2')).toBeNull();
    readConversationEarly({ pathname: '/chatPage/g-gpt-4-gizmo-g-writer', search: '?conv=g1' });
    await new Promise((resolve) => setTimeout(resolve));
    const taken = takeEarlyConversation('g1');
    expect(taken?.arrived).toBe(page);
    await expect(taken!.page).resolves.toBe(page);
    expect(takeEarlyConversation('g1')).toBeNull();
  });

  it('is not asked for signed out, elsewhere, or without a conversation; a failure nobody takes stays quiet', async () => {
    signedIn(false);
    readConversationEarly({ pathname: '/chatPage', search: '?conv=g1' });
    signedIn(true);
    readConversationEarly({ pathname: '/chatPageX', search: '?conv=g1' });
    readConversationEarly({ pathname: '/hong', search: '?conv=g1' });
    readConversationEarly({ pathname: '/chatPage', search: '?model=glm-4-flash' });
    expect(branch).not.toHaveBeenCalled();
    branch.mockRejectedValue(new Error('offline'));
    readConversationEarly({ pathname: '/chatPage', search: '?conv=g9' });
    await new Promise((resolve) => setTimeout(resolve));
    expect(takeEarlyConversation('g9')?.arrived).toBeUndefined();
  });
});
