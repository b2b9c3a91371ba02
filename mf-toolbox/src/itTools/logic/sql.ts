import { format, type SqlLanguage } from 'sql-formatter';
import { t } from '../i18n';
import { fail, ok, type Result } from './result';

export const SQL_DIALECTS: SqlLanguage[] = ['sql', 'mysql', 'postgresql', 'sqlite', 'mariadb', 'tsql', 'plsql', 'bigquery', 'hive', 'spark', 'snowflake', 'clickhouse'];

export interface SqlOptions {
  language: SqlLanguage;
  keywordCase: 'upper' | 'lower' | 'preserve';
  indent: 2 | 4;
}

export function formatSql(text: string, { language, keywordCase, indent }: SqlOptions): Result<string> {
  if (!text.trim()) return fail(t('it.common.empty'));
  try {
    return ok(format(text, { language, keywordCase, tabWidth: indent }));
  } catch (error) {
    // sql-formatter says where: "Parse error: Unexpected "…" at line 1 column 8".
    const at = /line (\d+) column (\d+)/.exec(error instanceof Error ? error.message : '');
    return fail(at ? t('it.sql.errorAt', { line: at[1]!, column: at[2]! }) : t('it.sql.error'));
  }
}
