import { tableQueue } from '../../tasks/taskQueue.js';
import { TaskFailure, TaskWorker, type RunHooks, type TaskWorkerOptions } from '../../tasks/taskRunner.js';
import type { PointsService } from '../points/index.js';
import { PAPER_MESSAGES } from './codes.js';
import { detect } from './detection.js';
import type { PaperJudge } from './llmJudge.js';
import type { CheckRow, PaperCheckRepository } from './repository.js';
import { holdIdOf } from './service.js';

export interface PaperCheckWorkerOptions extends TaskWorkerOptions<CheckRow> {
  repo: PaperCheckRepository;
  /** The judge for a check now: the chat model for 新版 when a channel serves it, else null (the estimate). */
  judgeFor(detector: CheckRow['detector']): PaperJudge | null;
  points: Pick<PointsService, 'settle' | 'refund'>;
  paceMs: number;
}

/**
 * Runs checks through the shared task runner (src/tasks/): the paper's text through the detector,
 * progress as paragraphs are done, then the report, success and the charge. A failure is refunded
 * by the runner.
 */
export class PaperCheckWorker extends TaskWorker<CheckRow> {
  constructor(private readonly options: PaperCheckWorkerOptions) {
    super(options, { name: 'paper check', queue: tableQueue<CheckRow>(options.repo.db, 'paper_checks', { onFail: { points: 0 } }), messages: PAPER_MESSAGES });
  }

  async run(task: CheckRow, { signal, onProgress }: RunHooks): Promise<void> {
    const text = await this.options.repo.documentText(task.document_id);
    if (text === undefined) throw new TaskFailure(PAPER_MESSAGES.documentGone);
    const judge = this.options.judgeFor(task.detector);
    const report = await detect({ text, detector: task.detector, judge, signal, onProgress, paceMs: this.options.paceMs, now: this.options.now });
    if (!(await this.options.repo.finishSucceeded(task.id, this.options.instanceId, JSON.stringify(report), report.method === 'statistical', this.options.now().toISOString()))) return;
    const outcome = await this.options.points.settle(holdIdOf(task.id), { requests: 1 });
    await this.options.repo.setCharged(task.id, outcome.charged);
  }

  async refund(task: CheckRow): Promise<void> {
    await this.options.points.refund(holdIdOf(task.id));
  }
}
