import type { Generated } from 'kysely';
import type { VideoAspect, VideoKind } from '@qiming/contracts';
import type { QueueColumns } from '../../tasks/taskQueue.js';

/** AI video (module video). Timestamps are ISO-8601 text so SQLite and PostgreSQL read alike. */

/** One video request: queued → running (claimed by one instance) → succeeded | failed. */
export interface VideoTaskTable extends QueueColumns {
  kind: VideoKind;
  /** The catalogue model id, and its name when submitted. */
  model: string;
  model_name: string;
  prompt: string;
  /** image2video: the image_references id of the caller's uploaded first frame. */
  first_frame_id: string | null;
  /** What was asked for (one of the model's durations). */
  duration_seconds: number;
  aspect: VideoAspect;
  /** The result in the blob store, once succeeded. */
  video_key: string | null;
  video_mime: string | null;
  poster_key: string | null;
  /** Read from the stored file. */
  width: number | null;
  height: number | null;
  result_ms: number | null;
  bytes: number | null;
  /** JSON of the provider's task (its id), kept for the log and support. */
  provider_state: string | null;
  offline_demo: Generated<number>;
  /** Held while queued or running, charged once succeeded, 0 once refunded (hold id `video:<id>`). */
  points: number;
}

export interface VideoTables {
  video_tasks: VideoTaskTable;
}
