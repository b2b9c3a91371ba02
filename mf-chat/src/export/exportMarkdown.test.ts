import type { ConversationMessage } from '@qiming/sdk/contracts';
import { conversationMarkdown } from './exportMarkdown';

const node = (role: 'user' | 'assistant', content: string) => ({ node: { modelName: 'GLM-4', chatContent: [{ role, content }] } as unknown as ConversationMessage, curIndex: 1, chatLen: 1, previousVersion: null, nextVersion: null });

it('exports the branch shown as Markdown: questions quoted, answers as written', () => {
  expect(conversationMarkdown('长城', [node('user', '介绍长城\n简短些'), node('assistant', '## 长城\n\n很长。')])).toBe('# 长城\n\n## 问\n\n> 介绍长城\n> 简短些\n\n## 答（GLM-4）\n\n## 长城\n\n很长。\n');
});
