import type { preHandlerAsyncHookHandler } from 'fastify';
import { z } from 'zod';
import { BRANCH_PAGE, type ConversationBranch, type ConversationMessage, type ConversationNode, type ConversationTree } from '@qiming/contracts';
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
const BranchQuery = z
  .object({
    convGroupId: id('请选择对话'),
    limit: z.coerce.number().int().min(1).max(BRANCH_PAGE.max).default(BRANCH_PAGE.size),
    before: id('请选择消息').optional(),
    from: id('请选择消息').optional(),
  })
  .refine((query) => query.before === undefined || query.from === undefined, '只能给出 before 或 from 之一');
const PageBody = z.object({
  pageNo: z.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
});

/** A failed answer's error in the edition's language. */
const localized = <T extends ConversationMessage>(message: T, translator: Translator): T => (message.error === null ? message : { ...message, error: translator.text(message.error) });

function localizedTree(tree: ConversationTree, translator: Translator): ConversationTree {
  if (translator.edition === 'domestic') return tree;
  const node = (n: ConversationNode): ConversationNode => ({ ...localized(n, translator), childs: n.childs.map(node) });
  return { ...tree, roots: tree.roots.map(node) };
}

function localizedBranch(branch: ConversationBranch, translator: Translator): ConversationBranch {
  if (translator.edition === 'domestic') return branch;
  return { ...branch, messages: branch.messages.map((message) => ({ ...message, node: localized(message.node, translator) })) };
}

/** Conversation history (spec chat §7): list, page, read, rename, delete, and the branch shown. */
export async function conversationsRoutes(app: ModuleApp, { service, requireUser, translator }: ConversationsRouteOptions): Promise<void> {
  app.addHook('preValidation', requireUser);

  app.get(`${BASE}/getConversationGroups`, async (request) => ok(await service.groups(currentUser(request).id)));

  app.post(`${BASE}/getConversationGroupsPage`, { schema: { body: orEmpty(PageBody) } }, async (request) => {
    const { pageNo, pageSize } = request.body;
    return ok(await service.groupsPage(currentUser(request).id, pageNo, pageSize));
  });

  app.get(`${BASE}/getConversations`, { schema: { querystring: GroupQuery } }, async (request) => ok(localizedTree(await service.tree(currentUser(request).id, request.query.convGroupId), translator)));

  app.get(`${BASE}/getConversationBranch`, { schema: { querystring: BranchQuery } }, async (request) => {
    const { convGroupId, ...page } = request.query;
    return ok(localizedBranch(await service.branch(currentUser(request).id, convGroupId, page), translator));
  });

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
