/** Running chat jobs and the instances running them (module chat). Timestamps are ISO-8601 text so SQLite and PostgreSQL read alike. */
/** A running chat generation (id = its answer node) and the instance running it (chat/recovery.ts). */
export interface ChatJobTable {
  id: string;
  user_id: string;
  instance_id: string;
  started_at: string;
}

export interface ChatInstanceTable {
  id: string;
  heartbeat_at: string;
}

export interface ChatTables {
  chat_jobs: ChatJobTable;
  chat_instances: ChatInstanceTable;
}
