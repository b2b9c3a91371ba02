import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, it } from 'node:test';
import { startPeriodicTask } from './periodicTask.js';
import { recordingLog } from './testing/log.js';

describe('startPeriodicTask', () => {
  it('runs the task again and again, never two runs at once', async () => {
    let runs = 0;
    let inFlight = 0;
    let most = 0;
    const task = startPeriodicTask(
      'slow',
      async () => {
        runs++;
        most = Math.max(most, ++inFlight);
        await sleep(35);
        inFlight--;
      },
      10,
      recordingLog(),
    );
    await sleep(150);
    await task.stop();
    assert.ok(runs >= 2, `ran ${runs} times`);
    assert.equal(most, 1);
  });

  it('logs a failed run, thrown or rejected, and keeps going', async () => {
    const log = recordingLog();
    let runs = 0;
    const task = startPeriodicTask(
      'flaky',
      () => {
        runs++;
        if (runs === 1) throw new Error('thrown');
        if (runs === 2) return Promise.reject(new Error('rejected'));
        return undefined;
      },
      5,
      log,
    );
    await sleep(60);
    await task.stop();
    assert.ok(runs >= 3, `ran ${runs} times`);
    assert.deepEqual(log.messages('warn').slice(0, 2), ['flaky failed', 'flaky failed']);
    assert.deepEqual(
      log.lines.slice(0, 2).map((line) => ((line.obj as { err: Error }).err).message),
      ['thrown', 'rejected'],
    );
  });

  it('stop waits for the run in progress and nothing runs after it', async () => {
    let finished = false;
    let runs = 0;
    const task = startPeriodicTask(
      'long',
      async () => {
        runs++;
        await sleep(40);
        finished = true;
      },
      5,
      recordingLog(),
    );
    await sleep(15);
    await task.stop();
    assert.equal(finished, true);
    const after = runs;
    await sleep(30);
    assert.equal(runs, after);
  });
});
