import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { KnowledgeHit, KnowledgeItem, UploadResult } from '../../contracts/src/index.ts';
import { multipart } from '../../server/src/modules/uploads/testFiles.ts';

/** The Chinese knowledge evaluation set (bench/knowledge-eval/, its README) and its hit rule, for the knowledge benches. */

export const EVAL_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'knowledge-eval');

export interface EvalQuestion {
  id: string;
  document: string;
  question: string;
  answer: string;
  kind: string;
}

export const evalQuestions: EvalQuestion[] = fs
  .readFileSync(path.join(EVAL_DIR, 'questions.jsonl'), 'utf8')
  .trim()
  .split('\n')
  .map((line) => JSON.parse(line) as EvalQuestion);
export const evalDocuments = fs.readdirSync(path.join(EVAL_DIR, 'documents')).sort();

/** The set's hit rule: the passage holds the answer, or a common run of ≥ 80 % of it (after the same normalisation). */
const normalise = (text: string) => text.replace(/[\s|*#>`\-]+/g, '');
export function holdsAnswer(passage: string, answer: string): boolean {
  const p = normalise(passage);
  const a = normalise(answer);
  if (p.includes(a)) return true;
  const need = Math.ceil(a.length * 0.8);
  for (let start = 0; start + need <= a.length; start++) if (p.includes(a.slice(start, start + need))) return true;
  return false;
}

/** The rank (1…) of the first hit holding the question's answer, 0 when none does. */
export const answerRank = (hits: readonly KnowledgeHit[], question: EvalQuestion) => hits.findIndex((hit) => holdsAnswer(hit.text, question.answer)) + 1;

type Call = <T>(method: 'GET' | 'POST', route: string, payload?: unknown, headers?: Record<string, string>) => Promise<T>;

/** Uploads every document of the set into a base through the API and waits for ingestion; answers the documents. */
export async function ingestEvalSet(call: Call, knowledgeId: string): Promise<KnowledgeItem[]> {
  const uploadIds: string[] = [];
  for (const name of evalDocuments) {
    const { payload, headers } = multipart([{ name: 'file', filename: name, value: fs.readFileSync(path.join(EVAL_DIR, 'documents', name)), contentType: name.endsWith('.md') ? 'text/markdown' : 'text/plain' }]);
    uploadIds.push((await call<UploadResult>('POST', 'backend-api/uploadChatKnowledge2', payload, headers)).knowledgeId);
  }
  await call<KnowledgeItem[]>('POST', 'backend-api/addKnowledgeItems', { knowledgeId, uploadIds });
  for (;;) {
    const items = await call<KnowledgeItem[]>('GET', `backend-api/getKnowledgeItems?knowledgeId=${knowledgeId}`);
    if (items.every((item) => item.status === 'done' || item.status === 'failed')) {
      const failed = items.filter((item) => item.status === 'failed');
      if (failed.length) throw new Error(`ingestion failed: ${failed.map((item) => `${item.name}: ${item.error}`).join('; ')}`);
      return items;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
