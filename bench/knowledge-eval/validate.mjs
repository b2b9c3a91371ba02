#!/usr/bin/env node
// Validates the Chinese knowledge-retrieval evaluation set.
// Usage: node bench/knowledge-eval/validate.mjs   (exits 1 on any problem)
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const docDir = path.join(here, 'documents');
const KINDS = new Set(['direct', 'paraphrase', 'numeric', 'table']);
const MIN_DOCS = 30, MIN_QUESTIONS = 200, MIN_PER_DOC = 4;
const errors = [];
const fail = (msg) => errors.push(msg);

const docs = new Map();
for (const name of fs.readdirSync(docDir).sort()) {
  if (!/\.(md|txt)$/.test(name)) { fail(`unexpected file in documents/: ${name}`); continue; }
  const text = fs.readFileSync(path.join(docDir, name), 'utf8');
  if (text.length < 800 || text.length > 3000) fail(`${name}: ${text.length} characters (want 800–3000)`);
  docs.set(name, text);
}
if (docs.size < MIN_DOCS) fail(`only ${docs.size} documents (want ≥ ${MIN_DOCS})`);
const tables = [...docs].filter(([n, t]) => n.endsWith('.md') && /^\|.*\|\s*\n\|\s*-{3}/m.test(t)).length;
if (tables < 5) fail(`only ${tables} Markdown documents contain a table (want ≥ 5)`);

const lines = fs.readFileSync(path.join(here, 'questions.jsonl'), 'utf8').split('\n').filter((l) => l.trim());
const ids = new Set(), questions = new Set(), perDoc = new Map(), perKind = new Map();
lines.forEach((line, i) => {
  const where = `questions.jsonl line ${i + 1}`;
  let q;
  try { q = JSON.parse(line); } catch (e) { fail(`${where}: invalid JSON (${e.message})`); return; }
  const { id, document, question, answer, kind } = q;
  if (typeof id !== 'string' || !/^q\d{3,}$/.test(id)) fail(`${where}: bad id ${JSON.stringify(id)}`);
  else if (ids.has(id)) fail(`${where}: duplicate id ${id}`);
  ids.add(id);
  if (typeof question !== 'string' || question.trim().length < 4) fail(`${where} (${id}): missing question`);
  else if (questions.has(question)) fail(`${where} (${id}): duplicate question`);
  questions.add(question);
  if (!KINDS.has(kind)) fail(`${where} (${id}): bad kind ${JSON.stringify(kind)}`);
  perKind.set(kind, (perKind.get(kind) ?? 0) + 1);
  if (!docs.has(document)) { fail(`${where} (${id}): missing document ${JSON.stringify(document)}`); return; }
  perDoc.set(document, (perDoc.get(document) ?? 0) + 1);
  if (typeof answer !== 'string' || answer.length < 20 || answer.length > 200) fail(`${where} (${id}): answer length ${answer?.length} (want 20–200)`);
  else if (!docs.get(document).includes(answer)) fail(`${where} (${id}): answer is not a substring of ${document}: ${answer}`);
});
if (lines.length < MIN_QUESTIONS) fail(`only ${lines.length} questions (want ≥ ${MIN_QUESTIONS})`);
for (const name of docs.keys()) {
  const n = perDoc.get(name) ?? 0;
  if (n < MIN_PER_DOC) fail(`${name}: ${n} questions (want ≥ ${MIN_PER_DOC})`);
}
const paraphrase = perKind.get('paraphrase') ?? 0;
if (paraphrase < 0.4 * lines.length) fail(`paraphrase questions ${paraphrase}/${lines.length} < 40%`);

if (errors.length) {
  for (const e of errors) console.error('✗ ' + e);
  console.error(`${errors.length} problem(s)`);
  process.exit(1);
}
const kinds = [...KINDS].map((k) => `${k} ${perKind.get(k) ?? 0}`).join(', ');
console.log(`ok: ${docs.size} documents (${tables} with tables), ${lines.length} questions (${kinds})`);
