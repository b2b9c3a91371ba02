import type { KnowledgeBase } from '@qiming/sdk/contracts';

/** A knowledge base as the server sends it, for tests; `extra` overrides fields. */
export function testBase(extra: Partial<KnowledgeBase> = {}): KnowledgeBase {
  return {
    id: 'kb-1',
    title: '产品手册',
    remark: '安装与常见问题',
    isPublic: 0,
    mine: true,
    author: '小明',
    documentCount: 3,
    chunkCount: 40,
    sizeBytes: 1024,
    createTime: '2030-01-01T00:00:00.000Z',
    updateTime: '2030-01-01T00:00:00.000Z',
    ...extra,
  };
}
