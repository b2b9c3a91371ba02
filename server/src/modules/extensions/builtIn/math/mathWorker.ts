// The math worker thread: evaluates one job at a time, so the main thread can end a runaway
// expression (factorial(1e7), huge powers) by terminating it (mathRunner.ts).
import { parentPort } from 'node:worker_threads';
import { convertUnits, evaluateExpression, MathInputError } from './mathEngine.js';
import type { MathJob, MathJobResult } from './mathRunner.js';

parentPort!.on('message', (job: MathJob) => {
  let result: MathJobResult;
  try {
    const text = job.kind === 'evaluate' ? evaluateExpression(job.expression) : convertUnits(job.value, job.from, job.to);
    result = { id: job.id, ok: true, text };
  } catch (error) {
    result = { id: job.id, ok: false, text: error instanceof MathInputError ? error.message : `无法计算：${(error as Error).message}`, refused: error instanceof MathInputError };
  }
  parentPort!.postMessage(result);
});

// Loading mathjs takes a moment: jobs are timed from here on, not from the thread's start.
parentPort!.postMessage({ ready: true });
