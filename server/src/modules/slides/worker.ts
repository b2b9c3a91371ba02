import type { DeckOutline, Slide } from '@qiming/contracts';
import { tableQueue } from '../../tasks/taskQueue.js';
import { TaskFailure, TaskWorker, untilAborted, type RunHooks, type TaskWorkerOptions } from '../../tasks/taskRunner.js';
import type { PointsService } from '../points/index.js';
import { SLIDE_MESSAGES } from './codes.js';
import { titleSlide } from './offlineWriter.js';
import type { SlidesRepository, TaskRow } from './repository.js';
import { holdIdOf } from './service.js';
import type { SlideWriter } from './writer.js';

export interface SlideWorkerOptions extends TaskWorkerOptions<TaskRow> {
  repo: SlidesRepository;
  writer(): SlideWriter;
  points: Pick<PointsService, 'settle' | 'refund'>;
}

/**
 * Generates decks through the shared task runner (src/tasks/): the title slide, then one slide per
 * outline section, each saved on the deck as it is done (the page shows n / total and the slides
 * so far); then success and the charge. A failure is refunded by the runner; the slides made so far
 * stay on the deck, which shows the failure and can be generated again.
 */
export class SlideWorker extends TaskWorker<TaskRow> {
  constructor(private readonly options: SlideWorkerOptions) {
    super(options, { name: 'slide task', queue: tableQueue<TaskRow>(options.repo.db, 'slide_tasks', { onFail: { points: 0 } }), messages: SLIDE_MESSAGES });
  }

  async run(task: TaskRow, { signal, onProgress }: RunHooks): Promise<void> {
    const deck = await this.options.repo.deck(task.deck_id);
    if (!deck) throw new TaskFailure(SLIDE_MESSAGES.deckGone);
    const outline = JSON.parse(task.outline) as DeckOutline;
    const writer = this.options.writer();
    const slides: Slide[] = [titleSlide(outline, deck.source === 'topic' ? deck.source_text : '')];
    const total = outline.sections.length + 1;
    const saved = async () => {
      // Another instance recovered the task meanwhile (this one looked dead): stop here.
      if (!(await this.options.repo.saveSlides(task, this.options.instanceId, slides, this.iso()))) throw new TaskFailure(SLIDE_MESSAGES.interrupted);
      onProgress((slides.length / total) * 100);
    };
    await saved();
    for (let index = 0; index < outline.sections.length; index++) {
      slides.push(await untilAborted(writer.slide({ outline, index }, signal), signal));
      await saved();
    }
    if (!(await this.options.repo.finishSucceeded(task.id, this.options.instanceId, writer.offline, this.iso()))) return;
    const outcome = await this.options.points.settle(holdIdOf(task.id), { requests: 1 });
    await this.options.repo.setCharged(task.id, outcome.charged);
  }

  async refund(task: TaskRow): Promise<void> {
    await this.options.points.refund(holdIdOf(task.id));
  }

  private iso(): string {
    return this.options.now().toISOString();
  }
}
