/** The resource directory (module resources). Timestamps are ISO-8601 text so SQLite and PostgreSQL read alike. */
import type { Generated } from 'kysely';
import type { ResourceFeedbackKind } from '@qiming/contracts';

/** A category (parent_id null) or a sub-category (parent_id: its top-level category). */
export interface ResourceCategoryTable {
  id: string;
  parent_id: string | null;
  name: string;
  /** An emoji before the name in the menu, or ''. */
  icon: Generated<string>;
  sort: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface ResourceItemTable {
  id: string;
  category_id: string;
  name: string;
  description: string;
  url: string;
  /** JSON array of tags. */
  tags: Generated<string>;
  /** Blob key of an icon ops uploaded (resources/icons/…); null: the letter icon. */
  icon_key: string | null;
  sort: Generated<number>;
  /** 1: left out of the tree (ops `hide`). */
  hidden: Generated<0 | 1>;
  created_at: string;
  updated_at: string;
}

export interface ResourceFeedbackTable {
  id: string;
  item_id: string;
  user_id: string | null;
  /** u:<user id>, a:<anonymous browser id> or ip:<address>. */
  visitor_key: string;
  ip: string;
  kind: ResourceFeedbackKind;
  text: string;
  created_at: string;
}

export interface ResourcesTables {
  resource_categories: ResourceCategoryTable;
  resource_items: ResourceItemTable;
  resource_feedback: ResourceFeedbackTable;
}
