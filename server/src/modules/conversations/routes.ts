import type { preHandlerAsyncHookHandler } from 'fastify';
import { z } from 'zod';
import type { ConversationNode, ConversationTree } from '@qiming/contracts';
import { ok } from '../../http/envelope.js';
import { currentUser } from '../../http/requestUser.js';
import type { Translator } from '../../locale/index.js';
import { orEmpty, type ModuleApp } from '../module.js';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, type ConversationsService } from './service.js';

export interface ConversationsRouteOptions {
  service: ConversationsService;
  requireUser: preHandlerAsyncHookHandler;
  /** A failed answer's saved error is in the domestic text; readers get the edition's. */
  translator: Translator;
}

const BASE = '/backend-api';

const id = (message: string) => z.string().trim().min(1, message).max(100);
const GroupQuery = z.object({ convGroupId: id('请选择对话') });
const NodeQuery = z.object({ convId: id('请选择消息') });
// A title of only spaces is no title: refused, not silently kept (issue 19).
const TitleQuery = z.object({ convGroupId: id('请选择对话'), title: z.string().trim().min(1, '标题不能为空').max(2000, '标题过长') });
const PageBody = z.object({
  pageNo: z.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
});

/** Conversation history (spec chat §7): list, page, read, rename, delete, and the branch shown. */
/** The tree with each failed answer's error in the edition's language. */
function localizedTree(tree: ConversationTree, translator: Translator): ConversationTree {
  if (translator.edition === 'domestic') return tree;
  const node = (n: ConversationNode): ConversationNode => ({ ...n, error: n.error === null ? null : translator.text(n.error), childs: n.childs.map(node) });
  return { ...tree, roots: tree.roots.map(node) };
}

export async function conversationsRoutes(app: ModuleApp, { service, requireUser, translator }: ConversationsRouteOptions): Promise<void> {
  app.addHook('preValidation', requireUser);

  app.get(`${BASE}/getConversationGroups`, async (request) => ok(await service.groups(currentUser(request).id)));

  app.post(`${BASE}/getConversationGroupsPage`, { schema: { body: orEmpty(PageBody) } }, async (request) => {
    const { pageNo, pageSize } = request.body;
    return ok(await service.groupsPage(currentUser(request).id, pageNo, pageSize));
  });

  app.get(`${BASE}/getConversations`, { schema: { querystring: GroupQuery } }, async (request) => ok(localizedTree(await service.tree(currentUser(request).id, request.query.convGroupId), translator)));

  app.get(`${BASE}/changeTitle`, { schema: { querystring: TitleQuery } }, async (request) => {
    const { convGroupId, title } = request.query;
    await service.changeTitle(currentUser(request).id, convGroupId, title);
    return ok(null);
  });

  app.get(`${BASE}/deleteConvGroup`, { schema: { querystring: GroupQuery } }, async (request) => ok(await service.deleteGroup(currentUser(request).id, request.query.convGroupId)));

  app.get(`${BASE}/selectBranch`, { schema: { querystring: NodeQuery } }, async (request) => {
    await service.selectBranch(currentUser(request).id, request.query.convId);
    return ok(null);
  });
}
