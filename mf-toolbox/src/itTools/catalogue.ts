import type { ComponentType } from 'react';

export type ToolCategory = 'encoding' | 'format' | 'crypto' | 'time' | 'text' | 'web' | 'image' | 'dev';

export const CATEGORIES: ToolCategory[] = ['encoding', 'format', 'crypto', 'time', 'text', 'web', 'image', 'dev'];

export interface ToolDefinition {
  /** The URL segment: /itTools/<id>; also the i18n keys it.tool.<id>.name / .description. */
  id: string;
  categories: ToolCategory[];
  /** Extra words the search finds it by (English names, abbreviations). */
  keywords: string;
  /** The tool's own chunk: nothing of it (nor its libraries) loads before it is opened. */
  load: () => Promise<{ default: ComponentType }>;
}

export const TOOLS: ToolDefinition[] = [
  { id: 'json', categories: ['format', 'dev'], keywords: 'json format validate minify pretty lint', load: () => import(/* webpackChunkName: "it-tool-json" */ './tools/JsonTool') },
  { id: 'json-yaml', categories: ['format', 'dev'], keywords: 'json yaml yml convert', load: () => import(/* webpackChunkName: "it-tool-json-yaml" */ './tools/JsonYamlTool') },
  { id: 'base64', categories: ['encoding'], keywords: 'base64 base64url encode decode rfc4648', load: () => import(/* webpackChunkName: "it-tool-base64" */ './tools/Base64Tool') },
  { id: 'url', categories: ['encoding', 'web'], keywords: 'url uri encode decode percent query', load: () => import(/* webpackChunkName: "it-tool-url" */ './tools/UrlTool') },
  { id: 'html-entities', categories: ['encoding', 'web'], keywords: 'html entity entities escape unescape', load: () => import(/* webpackChunkName: "it-tool-html-entities" */ './tools/HtmlEntitiesTool') },
  { id: 'hash', categories: ['crypto'], keywords: 'hash md5 sha1 sha256 sha512 digest checksum', load: () => import(/* webpackChunkName: "it-tool-hash" */ './tools/HashTool') },
  { id: 'hmac', categories: ['crypto'], keywords: 'hmac sha256 signature mac', load: () => import(/* webpackChunkName: "it-tool-hmac" */ './tools/HmacTool') },
  { id: 'uuid', categories: ['crypto', 'dev'], keywords: 'uuid guid ulid v4 v7 id', load: () => import(/* webpackChunkName: "it-tool-uuid" */ './tools/UuidTool') },
  { id: 'password', categories: ['crypto'], keywords: 'password generator random strength', load: () => import(/* webpackChunkName: "it-tool-password" */ './tools/PasswordTool') },
  { id: 'jwt', categories: ['crypto', 'web'], keywords: 'jwt token jws decode hs256', load: () => import(/* webpackChunkName: "it-tool-jwt" */ './tools/JwtTool') },
  { id: 'timestamp', categories: ['time'], keywords: 'timestamp unix epoch date time zone', load: () => import(/* webpackChunkName: "it-tool-timestamp" */ './tools/TimestampTool') },
  { id: 'cron', categories: ['time', 'dev'], keywords: 'cron crontab schedule next run', load: () => import(/* webpackChunkName: "it-tool-cron" */ './tools/CronTool') },
  { id: 'regex', categories: ['text', 'dev'], keywords: 'regex regexp regular expression match test', load: () => import(/* webpackChunkName: "it-tool-regex" */ './tools/RegexTool') },
  { id: 'diff', categories: ['text', 'dev'], keywords: 'diff compare text difference', load: () => import(/* webpackChunkName: "it-tool-diff" */ './tools/DiffTool') },
  { id: 'case', categories: ['text', 'dev'], keywords: 'case camel snake kebab pascal constant title', load: () => import(/* webpackChunkName: "it-tool-case" */ './tools/CaseTool') },
  { id: 'text-stats', categories: ['text'], keywords: 'text count words characters statistics', load: () => import(/* webpackChunkName: "it-tool-text-stats" */ './tools/TextStatsTool') },
  { id: 'unicode', categories: ['text', 'encoding'], keywords: 'unicode code point utf-8 utf-16 emoji char', load: () => import(/* webpackChunkName: "it-tool-unicode" */ './tools/UnicodeTool') },
  { id: 'number-base', categories: ['dev'], keywords: 'number base binary octal hex radix bigint', load: () => import(/* webpackChunkName: "it-tool-number-base" */ './tools/NumberBaseTool') },
  { id: 'rmb', categories: ['text'], keywords: 'rmb yuan amount chinese uppercase money 大写', load: () => import(/* webpackChunkName: "it-tool-rmb" */ './tools/RmbTool') },
  { id: 'color', categories: ['image', 'web'], keywords: 'color colour hex rgb hsl oklch picker', load: () => import(/* webpackChunkName: "it-tool-color" */ './tools/ColorTool') },
  { id: 'qrcode', categories: ['image', 'web'], keywords: 'qr qrcode scan read generate barcode', load: () => import(/* webpackChunkName: "it-tool-qrcode" */ './tools/QrTool') },
  { id: 'base64-image', categories: ['image', 'encoding'], keywords: 'base64 image data url picture', load: () => import(/* webpackChunkName: "it-tool-base64-image" */ './tools/Base64ImageTool') },
  { id: 'sql', categories: ['format', 'dev'], keywords: 'sql format beautify mysql postgresql', load: () => import(/* webpackChunkName: "it-tool-sql" */ './tools/SqlTool') },
  { id: 'markdown', categories: ['format', 'web'], keywords: 'markdown md html preview', load: () => import(/* webpackChunkName: "it-tool-markdown" */ './tools/MarkdownTool') },
];

export const toolById = (id: string): ToolDefinition | undefined => TOOLS.find((tool) => tool.id === id);
