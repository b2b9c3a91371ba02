import type { ModelCatalogue } from '@qiming/sdk/contracts';
import type { ExportConversation } from './exportTypes';
import { t } from '../i18n';
import type { ChatStore } from '../chat/ChatStore';
import { formatTime } from '../history/historyGroups';
import { modelDisplayName } from '../models/modelDisplayName';

/** The branch on screen as the export dialog shows it; the header's model is the last answer's. */
export function exportConversation(store: ChatStore, catalogue: ModelCatalogue | null): ExportConversation {
  const messages = store.messages
    .map(({ node }) => ({ node, item: node.chatContent[0] }))
    .filter(({ item }) => item && item.content)
    .map(({ node, item }) => ({ role: item!.role, content: item!.content, modelName: modelDisplayName(node.model || node.modelName, catalogue), createTime: formatTime(node.createTime) }));
  const lastAnswer = [...store.messages].reverse().find(({ node }) => node.chatContent[0]?.role === 'assistant')?.node;
  const modelId = lastAnswer?.model ?? store.model;
  const option = catalogue?.options.find((o) => o.value === modelId);
  return {
    convGroupId: store.conversation?.group.convGroupId ?? null,
    title: store.conversation?.group.title ?? t('export.conversation'),
    modelName: modelDisplayName(modelId, catalogue),
    modelIcon: option?.icon || null,
    badge: option?.labelText || t('export.defaultBadge'),
    description: option?.shortIntro ?? '',
    messages,
  };
}
