import type { Generated } from 'kysely';
import type { AspectRatio, ImageAction, ImageTaskKind, ImageTaskStatus } from '@qiming/contracts';

/** AI drawing (module images). Timestamps are ISO-8601 text so SQLite and PostgreSQL read alike. */

/** One drawing request: queued → running (claimed by one instance) → succeeded | failed. */
export interface ImageTaskTable {
  id: string;
  user_id: string;
  kind: ImageTaskKind;
  /** The catalogue model id, and its name when submitted. */
  model: string;
  model_name: string;
  /** The prompt as the user wrote it; `style` (a styles.ts key) adds its words when the task runs. */
  prompt: string;
  negative_prompt: string;
  style: string | null;
  aspect: AspectRatio;
  width: number;
  height: number;
  count: number;
  seed: number | null;
  /** img2img: 10–100 (strength × 100). */
  strength_percent: number;
  /** JSON array of image_references ids, in the order given. */
  reference_ids: string;
  parent_task_id: string | null;
  action: ImageAction | null;
  /** `<parent>:<U1…U4>` while an upscale is live (unique): the same quadrant is upscaled once. */
  action_key: string | null;
  status: ImageTaskStatus;
  progress: Generated<number>;
  error: string | null;
  /** JSON array of the prompts describe found. */
  descriptions: Generated<string>;
  /** JSON of what the provider returned for actions on this task. */
  provider_state: string | null;
  offline_demo: Generated<number>;
  /** Points holds taken (one per image of txt2img / img2img, one otherwise), each under `image:<id>:<n>`. */
  hold_count: number;
  /** Held while queued or running, charged once succeeded, 0 once refunded. */
  points: number;
  /** The instance whose worker runs it, and that worker's last sign of life for it. */
  claimed_by: string | null;
  heartbeat_at: string | null;
  started_at: string | null;
  created_at: string;
  finished_at: string | null;
}

/** One picture a task made (a grid's four quadrants are four rows). */
export interface ImageTable {
  id: string;
  task_id: string;
  user_id: string;
  /** 1-based place in the task's results. */
  idx: number;
  original_key: string;
  mime: string;
  thumb_key: string;
  width: number;
  height: number;
  shared: Generated<number>;
  shared_at: string | null;
  likes: Generated<number>;
  created_at: string;
}

/** One like of a shared image: the primary key makes a second like by the same user nothing. */
export interface ImageLikeTable {
  image_id: string;
  user_id: string;
  created_at: string;
}

/** An uploaded reference image, re-encoded without metadata. */
export interface ImageReferenceTable {
  id: string;
  user_id: string;
  storage_key: string;
  mime: string;
  width: number;
  height: number;
  bytes: number;
  created_at: string;
}

export interface ImagesTables {
  image_tasks: ImageTaskTable;
  images: ImageTable;
  image_likes: ImageLikeTable;
  image_references: ImageReferenceTable;
}
