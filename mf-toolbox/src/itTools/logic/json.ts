import { applyEdits, format, parse as parseJsonc, printParseErrorCode, type ParseError } from 'jsonc-parser';
import { parse as parseYaml, stringify as stringifyYaml, YAMLParseError } from 'yaml';
import { t } from '../i18n';
import { fail, lineColumn, ok, type Result } from './result';

/** The parsed JSON, or where (line, column) and why it is not JSON. */
export function parseJson(text: string): Result<unknown> {
  if (!text.trim()) return fail(t('it.common.empty'));
  const errors: ParseError[] = [];
  const value: unknown = parseJsonc(text, errors, { allowTrailingComma: false, disallowComments: true, allowEmptyContent: false });
  const first = errors[0];
  if (!first) return ok(value);
  const { line, column } = lineColumn(text, first.offset);
  return fail(t('it.json.errorAt', { line, column, reason: reasonText('it.json.reason', printParseErrorCode(first.error)) }));
}

/** A library's error code in the page's language (`<prefix>.<code>`), or the generic reason. */
function reasonText(prefix: string, code: string): string {
  const key = `${prefix}.${code}` as Parameters<typeof t>[0];
  const text = t(key);
  return text === key ? t(`${prefix}.other` as Parameters<typeof t>[0]) : text;
}

export type Indent = 2 | 4 | 'tab';

const indentText = (indent: Indent) => (indent === 'tab' ? '\t' : ' '.repeat(indent));

/**
 * Pretty-printed JSON. Without sorting, the text's own tokens are re-indented (jsonc-parser's
 * formatter), so numbers such as 1.0 or 12345678901234567890 stay exactly as written.
 */
export function formatJson(text: string, indent: Indent = 2, sortKeys = false): Result<string> {
  const parsed = parseJson(text);
  if (!parsed.ok) return parsed;
  if (sortKeys) return ok(JSON.stringify(sortDeep(parsed.value), null, indentText(indent)));
  const edits = format(text, undefined, { tabSize: indent === 'tab' ? 1 : indent, insertSpaces: indent !== 'tab', eol: '\n' });
  return ok(applyEdits(text, edits).trim());
}

/** JSON on one line, tokens kept as written. */
export function minifyJson(text: string): Result<string> {
  const parsed = parseJson(text);
  if (!parsed.ok) return parsed;
  // Valid JSON: whitespace outside strings is all there is to drop.
  let out = '';
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (inString) {
      out += ch;
      if (ch === '\\') out += text[++i] ?? '';
      else if (ch === '"') inString = false;
    } else if (ch === '"') {
      inString = true;
      out += ch;
    } else if (!/\s/.test(ch)) out += ch;
  }
  return ok(out);
}

function sortDeep(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortDeep);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.keys(value).sort().map((k) => [k, sortDeep((value as Record<string, unknown>)[k])]));
  }
  return value;
}

export function jsonToYaml(text: string): Result<string> {
  const parsed = parseJson(text);
  return parsed.ok ? ok(stringifyYaml(parsed.value)) : parsed;
}

export function yamlToJson(text: string, indent: Indent = 2): Result<string> {
  if (!text.trim()) return fail(t('it.common.empty'));
  try {
    const value: unknown = parseYaml(text);
    return ok(JSON.stringify(value, null, indentText(indent)) ?? 'null');
  } catch (error) {
    if (!(error instanceof YAMLParseError)) return fail(t('it.yaml.error', { reason: t('it.yaml.reason.other') }));
    const reason = reasonText('it.yaml.reason', error.code);
    const at = error.linePos?.[0];
    return fail(at ? t('it.yaml.errorAt', { line: at.line, column: at.col, reason }) : t('it.yaml.error', { reason }));
  }
}
