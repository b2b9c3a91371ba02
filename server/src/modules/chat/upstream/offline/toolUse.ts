import type { UpstreamMessage, UpstreamTool, UpstreamToolCall } from '../types.js';

/**
 * How the offline model (离线演示) uses extensions, so the tool loop works with no key: it calls a
 * tool when the question obviously needs one — an arithmetic expression (计算器), a unit
 * conversion (单位换算), the time somewhere (时间与日期), a link to read (网页读取), a search of
 * the user's knowledge bases (知识库检索) — and, given the results, answers from them. Deterministic:
 * the same question and tools always give the same calls.
 */

/** The tools the offline model knows, by the extension they belong to (the model-facing name starts `<mcpName>__`). */
const KNOWN = {
  calculator: { label: '计算器' },
  'unit-converter': { label: '单位换算' },
  datetime: { label: '时间与日期' },
  'url-reader': { label: '网页读取' },
  'knowledge-search': { label: '知识库检索' },
} as const;
type KnownExtension = keyof typeof KNOWN;

const TIME_ZONES: Array<[RegExp, string]> = [
  [/纽约|new york/i, 'America/New_York'],
  [/洛杉矶|los angeles/i, 'America/Los_Angeles'],
  [/伦敦|london/i, 'Europe/London'],
  [/巴黎|paris/i, 'Europe/Paris'],
  [/柏林|berlin/i, 'Europe/Berlin'],
  [/东京|tokyo/i, 'Asia/Tokyo'],
  [/首尔|seoul/i, 'Asia/Seoul'],
  [/新加坡|singapore/i, 'Asia/Singapore'],
  [/悉尼|sydney/i, 'Australia/Sydney'],
  [/莫斯科|moscow/i, 'Europe/Moscow'],
  [/迪拜|dubai/i, 'Asia/Dubai'],
];

const UNIT = '(公里|千米|英里|海里|米|厘米|毫米|英尺|英寸|码|公斤|千克|克|斤|两|磅|盎司|吨|摄氏度|华氏度|开尔文|升|毫升|加仑|平方米|平方公里|亩|公顷|km|mi|m|cm|mm|ft|in|kg|g|lb|oz|℃|℉|l|ml)';
const CONVERSION = new RegExp(`(-?\\d+(?:\\.\\d+)?)\\s*${UNIT}\\s*(?:等于|是|合|换算成|换算为|转换成|转换为|折合|=|to|in)\\s*(?:多少|几)?\\s*${UNIT}`, 'i');
/** Numbers joined by at least one operator, brackets and functions allowed. */
const EXPRESSION = /(?:sqrt|sin|cos|tan|log|abs)?[(（]?\s*-?\d+(?:\.\d+)?(?:\s*(?:[-+*/×÷^%]|\*\*)\s*[(（]?\s*-?\d+(?:\.\d+)?\s*[)）]?)+[)）]?(?:\s*[-+*/×÷^]\s*[(（]?\s*-?\d+(?:\.\d+)?\s*[)）]?)*/;
/** Dates (2025-11-27, 2025/11/27), clock times and dashed phone numbers: numbers and dashes, but nothing to compute. */
const NOT_ARITHMETIC = /\d{4}[-/.]\d{1,2}[-/.]\d{1,2}|\d{1,2}:\d{2}(?::\d{2})?|\d{3}-\d{3,4}-\d{4}/g;
const TIME_QUESTION = /现在几点|几点了|当前时间|现在的时间|现在时间|今天几号|今天是几号|今天星期几|今天周几|今天是星期几|今天的日期|what time is it|current time|what day is (it|today)/i;
const URL = /https?:\/\/[^\s，。！？、）)"'<>]+/i;
const KNOWLEDGE_QUESTION = /(知识库|资料库)/;
const KNOWLEDGE_VERB = /(搜索|查找|查一下|查询|检索|找一下|里有没有|中有没有)/;

function extensionOf(tool: UpstreamTool): KnownExtension | undefined {
  const prefix = tool.name.split('__')[0]!.replace(/_/g, '-');
  return prefix in KNOWN ? (prefix as KnownExtension) : undefined;
}

/** The argument names a tool's schema declares. */
function propertiesOf(tool: UpstreamTool): string[] {
  const properties = tool.inputSchema.properties;
  return properties && typeof properties === 'object' ? Object.keys(properties) : [];
}

/** Arguments under the names the schema uses: each value goes to the first of its aliases the schema has (the first alias when it names none). */
function argumentsFor(tool: UpstreamTool, values: Array<[aliases: string[], value: unknown]>): string {
  const declared = propertiesOf(tool);
  const args: Record<string, unknown> = {};
  for (const [aliases, value] of values) {
    const name = aliases.find((alias) => declared.includes(alias)) ?? declared.find((property) => aliases.some((alias) => property.toLowerCase().includes(alias.toLowerCase()))) ?? aliases[0]!;
    args[name] = value;
  }
  return JSON.stringify(args);
}

/** The tool of an extension the offline model would use: for extensions with several tools, the one whose name says so. */
function toolOf(tools: readonly UpstreamTool[], extension: KnownExtension, preferred: RegExp): UpstreamTool | undefined {
  const candidates = tools.filter((tool) => extensionOf(tool) === extension);
  return candidates.find((tool) => preferred.test(tool.name.split('__').slice(1).join('__'))) ?? (candidates.length === 1 ? candidates[0] : undefined);
}

/** The calls the question obviously needs, with the tools offered; none when it needs none (or the tools cannot serve it). */
export function plannedToolCalls(question: string, tools: readonly UpstreamTool[]): UpstreamToolCall[] {
  const calls: Array<{ tool: UpstreamTool; arguments: string }> = [];
  const add = (tool: UpstreamTool | undefined, args: Array<[string[], unknown]>) => {
    if (tool) calls.push({ tool, arguments: argumentsFor(tool, args) });
  };
  const conversion = CONVERSION.exec(question);
  if (conversion) {
    add(toolOf(tools, 'unit-converter', /convert/i), [
      [['value', 'amount', 'number'], Number(conversion[1])],
      [['from', 'fromUnit', 'from_unit'], conversion[2]],
      [['to', 'toUnit', 'to_unit'], conversion[3]],
    ]);
  } else {
    const expression = EXPRESSION.exec(question.replace(NOT_ARITHMETIC, ' ').replace(/[，,](?=\d{3})/g, ''));
    if (expression) add(toolOf(tools, 'calculator', /eval|calc/i), [[['expression', 'expr', 'input'], normalisedExpression(expression[0])]]);
  }
  if (TIME_QUESTION.test(question)) {
    const zone = TIME_ZONES.find(([pattern]) => pattern.test(question))?.[1] ?? 'Asia/Shanghai';
    add(toolOf(tools, 'datetime', /now|current/i), [[['timeZone', 'timezone', 'tz', 'zone'], zone]]);
  }
  const url = URL.exec(question);
  if (url) add(toolOf(tools, 'url-reader', /read|fetch/i), [[['url', 'link'], url[0]]]);
  if (KNOWLEDGE_QUESTION.test(question) && KNOWLEDGE_VERB.test(question)) {
    const query = question.replace(/(请|帮我|在|我的|知识库|资料库|里|中|搜索|查找|查一下|查询|检索|找一下|有没有|关于|的内容|[？?。！!，,])/g, ' ').replace(/\s+/g, ' ').trim();
    add(toolOf(tools, 'knowledge-search', /search|query/i), [[['query', 'keyword', 'q'], query || question]]);
  }
  return calls.map((call, index) => ({ id: `call_offline_${index + 1}`, name: call.tool.name, arguments: call.arguments }));
}

function normalisedExpression(text: string): string {
  return text.replace(/×/g, '*').replace(/÷/g, '/').replace(/（/g, '(').replace(/）/g, ')').trim();
}

/** The results of the model's last round of calls, when the conversation ends with them. */
export function lastToolRound(messages: readonly UpstreamMessage[]): { calls: UpstreamToolCall[]; results: UpstreamMessage[] } | null {
  let start = messages.length;
  while (start > 0 && messages[start - 1]!.role === 'tool') start--;
  const caller = messages[start - 1];
  if (start === messages.length || !caller?.toolCalls?.length) return null;
  return { calls: caller.toolCalls, results: messages.slice(start) };
}

const RESULT_EXCERPT = 600;

/** Text as a markdown code span, so `*`, `_` or `<` in a result show as written: fenced with one backtick more than the longest run inside. */
function inlineCode(text: string): string {
  const longest = Math.max(0, ...(text.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longest + 1);
  return longest > 0 ? `${fence} ${text} ${fence}` : `${fence}${text}${fence}`;
}

/** The answer written from the tool results: each call's outcome, then a short conclusion. */
export function answerFromToolResults(round: { calls: readonly UpstreamToolCall[]; results: readonly UpstreamMessage[] }, closing: string): string {
  const lines = round.calls.map((call) => {
    const result = round.results.find((message) => message.toolCallId === call.id);
    const extension = call.name.split('__')[0]!.replace(/_/g, '-');
    const label = extension in KNOWN ? KNOWN[extension as KnownExtension].label : call.name;
    const text = result?.content.trim() ?? '';
    const excerpt = text.length > RESULT_EXCERPT ? `${text.slice(0, RESULT_EXCERPT)}…` : text;
    if (!result || result.toolError) return `- **${label}**：调用没有成功（${excerpt || '没有返回结果'}），这一部分我无法给出准确答案。`;
    return excerpt.includes('\n') ? `- **${label}** 返回：\n\n${excerpt.split('\n').map((line) => `  > ${line}`).join('\n')}` : `- **${label}** 返回：${inlineCode(excerpt)}`;
  });
  const succeeded = round.results.filter((result) => !result.toolError).length;
  const conclusion = succeeded > 0 ? '以上结果由扩展实际计算或查询得出，可以直接使用。' : '扩展这次没有给出结果，你可以稍后重试，或换一种问法。';
  return [`我调用了 ${round.calls.length} 个扩展工具来回答这个问题：`, lines.join('\n'), conclusion, closing].join('\n\n');
}
