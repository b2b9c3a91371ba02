import { setTimeout as sleep } from 'node:timers/promises';
import type { KnowledgeItem, UploadResult } from '@qiming/contracts';
import type { FastifyInstance } from 'fastify';
import { data } from '../../testing/accounts.js';
import { multipart } from '../uploads/testFiles.js';

/** Documents and calls the knowledge tests share. */

export type User = { id: string; token: string };

export const RETURNS_POLICY = [
  '# 售后服务',
  '## 退货政策',
  '退货需在收到商品后七天内申请，商品需保持完好，不影响二次销售。超过七天的订单不再受理退货申请。',
  '## 发货说明',
  '订单支付成功后，仓库一般在两个工作日内安排发货，偏远地区物流时间可能更长。',
  '## 发票',
  '电子发票会在确认收货后开具，并发送到下单时填写的邮箱。',
].join('\n');

export const CAMERA_MANUAL = [
  '# 相机使用手册',
  '## 电池',
  '首次使用前请将电池充满电，充电时间约为三小时。长期不用时请取出电池。',
  '## 镜头保养',
  '请使用专用镜头纸擦拭镜头，避免用手直接触碰镜片。',
].join('\n');

export async function uploadText(server: FastifyInstance, user: User, name: string, text: string): Promise<UploadResult> {
  const { payload, headers } = multipart([{ name: 'file', filename: name, value: Buffer.from(text), contentType: 'text/markdown' }]);
  return data<UploadResult>(server, 'POST', 'backend-api/uploadChatKnowledge2', { token: user.token, payload, headers });
}

export async function until<T>(what: string, read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (let i = 0; i < 500; i++) {
    const value = await read();
    if (done(value)) return value;
    await sleep(20);
  }
  throw new Error(`timed out waiting for ${what}`);
}

export const items = (server: FastifyInstance, user: User, knowledgeId: string) => data<KnowledgeItem[]>(server, 'GET', `backend-api/getKnowledgeItems?knowledgeId=${knowledgeId}`, { token: user.token });
export const settled = (server: FastifyInstance, user: User, knowledgeId: string) =>
  until('ingestion', () => items(server, user, knowledgeId), (list) => list.length > 0 && list.every((item) => item.status === 'done' || item.status === 'failed'));
