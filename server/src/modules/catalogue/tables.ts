/** Ops changes to the model catalogue (module catalogue). Timestamps are ISO-8601 text so SQLite and PostgreSQL read alike. */
/** The fields ops changed of one catalogue entry (JSON object), or the whole entry ops added. */
export interface CatalogueOverrideTable {
  model_id: string;
  fields: string;
  updated_at: string;
}

/** One row (id 1): `revision` rises with every catalogue change; servers poll it. */
export interface CatalogueStateTable {
  id: number;
  revision: number;
  updated_at: string;
}

export interface CatalogueTables {
  catalogue_overrides: CatalogueOverrideTable;
  catalogue_state: CatalogueStateTable;
}
