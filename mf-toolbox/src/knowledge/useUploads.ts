import { useEffect, useRef, useState } from 'react';
import { ApiError, KNOWLEDGE_LIMITS } from '@qiming/sdk';
import { useToolboxApi } from '../api/toolboxApi';
import { createLimiter, fileProblem, inRunsOf, PARALLEL_UPLOADS } from './uploadRules';
import { t } from '../i18n';

export type UploadState = 'waiting' | 'uploading' | 'uploaded' | 'added' | 'failed';

export interface UploadEntry {
  key: string;
  name: string;
  size: number;
  percent: number;
  state: UploadState;
  /** Why it failed (the server's msg when it answered one). */
  error?: string;
}

const messageOf = (error: unknown) => (error instanceof ApiError ? error.message : t('knowledge.upload.failed'));
const finished = (entry: UploadEntry) => entry.state === 'added' || entry.state === 'failed';

let lastKey = 0;

/**
 * Documents being added to a base: each file uploads on its own (one at a time) with its progress;
 * when a batch is through, its uploads are attached with addKnowledgeItems (50 a call) and
 * `onAdded` reads the table again.
 */
export function useUploads(knowledgeId: string, onAdded: () => void) {
  const api = useToolboxApi();
  const [entries, setEntries] = useState<UploadEntry[]>([]);
  const [limit] = useState(() => createLimiter(PARALLEL_UPLOADS));
  const live = useRef(true);
  useEffect(
    () => () => {
      live.current = false;
    },
    [],
  );

  const patch = (keys: string[], change: Partial<UploadEntry>) => {
    if (live.current) setEntries((list) => list.map((entry) => (keys.includes(entry.key) ? { ...entry, ...change } : entry)));
  };

  const uploadOne = async (file: File, key: string): Promise<{ key: string; uploadId: string } | null> => {
    patch([key], { state: 'uploading' });
    try {
      const result = await api.knowledge.upload(file, (percent) => patch([key], { percent }));
      patch([key], { state: 'uploaded', percent: 100 });
      return { key, uploadId: result.knowledgeId };
    } catch (error) {
      patch([key], { state: 'failed', error: messageOf(error) });
      return null;
    }
  };

  const add = async (files: readonly File[]) => {
    const batch = files.map((file) => {
      const problem = fileProblem(file);
      const entry: UploadEntry = {
        key: `upload-${++lastKey}`,
        name: file.name,
        size: file.size,
        percent: 0,
        state: problem ? 'failed' : 'waiting',
        ...(problem ? { error: t(problem.key, 'vars' in problem ? problem.vars : undefined) } : {}),
      };
      return { file, entry };
    });
    setEntries((list) => [...list, ...batch.map((b) => b.entry)]);

    const results = await Promise.all(batch.filter((b) => b.entry.state === 'waiting').map((b) => limit(() => uploadOne(b.file, b.entry.key))));
    const uploaded = results.filter((result) => result !== null);
    let added = false;
    for (const run of inRunsOf(uploaded, KNOWLEDGE_LIMITS.uploadsPerCall)) {
      const keys = run.map((r) => r.key);
      try {
        await api.knowledge.addItems(
          knowledgeId,
          run.map((r) => r.uploadId),
        );
        patch(keys, { state: 'added' });
        added = true;
      } catch (error) {
        // 2604 too many documents, 2605 storage full: the whole call was refused.
        patch(keys, { state: 'failed', error: messageOf(error) });
      }
    }
    if (added && live.current) onAdded();
  };

  return {
    entries,
    add,
    /** Whether any file is still on its way. */
    busy: entries.some((entry) => !finished(entry)),
    clearFinished: () => setEntries((list) => list.filter((entry) => !finished(entry))),
  };
}
