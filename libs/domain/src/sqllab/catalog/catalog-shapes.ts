/** The catalog's API answers as SQL Lab reads them (sqllab-and-platform §4 databases, schemas, tables, table metadata). */
export interface SqlLabDatabaseOption {
  id: number;
  database_name: string;
  backend?: string;
  allow_run_async?: boolean;
  allow_dml?: boolean;
  allow_ctas?: boolean;
  allow_cvas?: boolean;
  allows_cost_estimate?: boolean;
  expose_in_sqllab?: boolean;
}

export interface TableOption {
  value: string;
  type?: string;
}

export interface MetadataColumn {
  name: string;
  type: string;
  keys?: { type: string; name?: string | null }[];
  nullable?: boolean;
  comment?: string | null;
}

export interface TableMetadataResponse {
  name: string;
  columns: MetadataColumn[];
  primaryKey?: { name?: string | null; column_names: string[] } | null;
  foreignKeys?: { name?: string | null; column_names: string[]; referred_table: string; referred_columns: string[] }[];
  indexes?: { name: string; column_names: string[]; unique?: boolean }[];
  selectStar: string;
  comment?: string | null;
}
