import type { UpstreamMessage } from '../types.js';
import { withoutFaultMarkers } from './faults.js';
import { short } from './text.js';
import { hashText } from './variation.js';

export type Language = 'zh' | 'en';
export type Intent = 'code' | 'math' | 'compare' | 'diagram' | 'general';
export type CodeLanguage = 'python' | 'javascript' | 'typescript' | 'java' | 'go' | 'rust' | 'cpp' | 'c' | 'csharp' | 'sql' | 'bash';

/** What the offline model makes of the last user message. */
export interface Question {
  language: Language;
  /** The question restated: its main sentence, one line, without quotes or end punctuation, truncated. */
  topic: string;
  /** What the answer is about: the topic without courtesy words and the words that asked for a format. */
  subject: string;
  intent: Intent;
  /** The language of the code block (code intent; python when none was named). */
  codeLanguage: CodeLanguage;
  /** What follows a colon in the question, untruncated (a flowchart takes its steps from it). */
  detail?: string;
  /** The two things a comparison is about, when the subject names them. */
  pair?: [string, string];
  /** The conversation has earlier turns. */
  continues: boolean;
  /** The topic of the previous user message, when there is one and it differs. */
  previousTopic?: string;
  /** Seed of every variation: the question and the model id. */
  seed: number;
}

const CJK = /[\u3400-\u9fff\uf900-\ufaff]/g;
const LATIN = /[A-Za-z]/g;

export function languageOf(text: string): Language {
  if (/(英文|英语)(回答|回复|作答)|\b(answer|reply|respond) in english\b/i.test(text)) return 'en';
  if (/(中文|汉语)(回答|回复|作答)|\b(answer|reply|respond) in chinese\b/i.test(text)) return 'zh';
  const cjk = text.match(CJK)?.length ?? 0;
  const latin = text.match(LATIN)?.length ?? 0;
  return cjk === 0 && latin > 0 ? 'en' : 'zh';
}

// ---- topic -------------------------------------------------------------------------------------

/** Quotes, but not the apostrophe inside a word (what's). */
const QUOTES = /[「」『』“”‘’"《》〈〉`]|(?<![A-Za-z])'|'(?![A-Za-z])/g;
const GREETING = /^(你好|您好|嗨|哈喽|在吗|hi|hello|hey)[呀啊吖,，!！\s]*$/i;
const COURTESY_PREFIX = /^(请问|请你|请|麻烦你|麻烦|帮我|帮忙|能不能|能否|你能|你可以|可以|搜索(?=[\s：:])|(please|can you|could you|would you|hey|hi)(?![a-z]))[\s,，：:]*/i;
const EDGE_PUNCTUATION = /^[\s,，、:：.。…~～\-—]+|[\s,，、:：.。…~～\-—]+$/g;
const TOPIC_LIMIT: Record<Language, number> = { zh: 30, en: 60 };

/** The sentence a message asks: the first one ending in a question mark, else the first that is not a greeting. */
function mainSentence(text: string): string {
  const sentences = text.split(/(?<=[。！？!?；;])|(?<=\.)\s+|[\r\n]+/);
  const meaningful = sentences.map((s) => s.trim()).filter((s) => /[\p{L}\p{N}]/u.test(s) && !GREETING.test(s.replace(/[。！？!?；;.]+$/, '')));
  return meaningful.find((s) => /[？?]$/.test(s)) ?? meaningful[0] ?? '';
}

function truncate(text: string, language: Language): string {
  const limit = TOPIC_LIMIT[language];
  const chars = [...text];
  if (chars.length <= limit) return text;
  let cut = chars.slice(0, limit).join('');
  const boundary = language === 'zh' ? Math.max(cut.lastIndexOf('，'), cut.lastIndexOf(',')) : cut.lastIndexOf(' ');
  if (boundary >= limit / 2) cut = cut.slice(0, boundary);
  return `${cut.replace(EDGE_PUNCTUATION, '')}…`;
}

/** Characters that would break the markdown around a restated topic (tables, math, follow-up separators). */
function markdownSafe(text: string): string {
  return text.replace(/\|/g, '/').replace(/\$/g, '＄').replace(/&&/g, '&').replace(/\[\[|\]\]/g, ' ');
}

/** The main sentence of a message, cleaned: no markers, quotes, courtesy prefix or end punctuation. */
function mainQuestion(text: string): string {
  let sentence = mainSentence(markdownSafe(withoutFaultMarkers(text).replace(QUOTES, '')));
  for (let previous = ''; previous !== sentence; ) {
    previous = sentence;
    sentence = sentence.replace(EDGE_PUNCTUATION, '').replace(COURTESY_PREFIX, '').replace(/[。！？!?；;]+$/, '');
  }
  return sentence.replace(/\s+/g, ' ').trim();
}

const restated = (sentence: string, language: Language) =>
  sentence === '' ? (language === 'zh' ? '这个问题' : 'this question') : truncate(sentence, language);

export function topicOf(text: string, language: Language): string {
  return restated(mainQuestion(text), language);
}

/** What follows a colon ("用户注册的流程图：填写手机号、获取验证码、设置密码" → the three steps). */
function detailOf(sentence: string): string | undefined {
  const colon = sentence.search(/[：:]/);
  const detail = colon < 0 ? '' : sentence.slice(colon + 1).trim();
  return detail === '' ? undefined : detail;
}

// ---- intent ------------------------------------------------------------------------------------

const CODE_LANGUAGES: ReadonlyArray<[CodeLanguage, RegExp]> = [
  ['typescript', /typescript|(?<![a-z])ts(?![a-z])/i],
  ['javascript', /javascript|(?<![a-z])(js|node\.?js|react|vue)(?![a-z])/i],
  ['java', /(?<![a-z])java(?!script)(?![a-z])/i],
  ['cpp', /c\+\+|(?<![a-z])cpp(?![a-z])/i],
  ['csharp', /c#|csharp|\.net(?![a-z])/i],
  ['go', /golang|go\s*语言|(?<![a-z])go(?![a-z])\s*(代码|程序|实现|函数|code|program|function)|(用|使用|in|using|with)\s*go(?![a-z])/i],
  ['rust', /(?<![a-z])rust(?![a-z])/i],
  ['sql', /(?<![a-z])(sql|mysql|postgres(ql)?|sqlite)(?![a-z])|数据库查询/i],
  ['bash', /(?<![a-z])(bash|shell|zsh)(?![a-z])|命令行脚本/i],
  ['c', /(?<![a-z])c\s*语言|(?<![a-z#+])c(?![a-z#+])\s*(代码|程序|实现|函数|code|program)|(用|使用|in|using)\s*c(?![a-z#+])/i],
  ['python', /python|(?<![a-z])py(?![a-z])/i],
];

const DIAGRAM = /流程图|mermaid|流程|图表|时序图|思维导图|diagram|flow\s?chart/i;
const CODE_STRONG = /代码|程序|脚本|编程|源码|(?<![a-z])(code|coding|implement|implementation|script|snippet|programming)(?![a-z])/i;
const CODE_VERB = /用|使用|写|编写|实现|(?<![a-z])(write|in|using|with)(?![a-z])/i;
const COMPARE = /对比|区别|比较|差异|异同|不同之处|哪个好|哪个更好|(?<![a-z])(vs\.?|versus|compare|comparison|differences?)(?![a-z])/i;
const MATH = /\d\s*[+\-*/×÷^]\s*\d|公式|证明|方程|积分|导数|求导|微分|极限|概率|矩阵|数列|级数|几何|三角函数|勾股|定理|(?<![a-z])(equations?|integrals?|derivatives?|prove|proof|formula|calculate|probability|matrix|theorem|calculus)(?![a-z])/i;
const CODE_WEAK = /函数|实现|算法|(?<![a-z])(function|algorithm)(?![a-z])/i;

export function codeLanguageOf(text: string): CodeLanguage | undefined {
  return CODE_LANGUAGES.find(([, pattern]) => pattern.test(text))?.[0];
}

/**
 * The answer's template. A language name alone ("python 和 java 的区别") is not a code question;
 * with a verb ("用 python 计算积分") or an explicit word (代码, code) it is.
 */
export function intentOf(text: string): Intent {
  if (DIAGRAM.test(text)) return 'diagram';
  const namesLanguage = codeLanguageOf(text) !== undefined;
  if (CODE_STRONG.test(text) || (namesLanguage && CODE_VERB.test(text))) return 'code';
  if (COMPARE.test(text)) return 'compare';
  if (MATH.test(text)) return 'math';
  if (namesLanguage || CODE_WEAK.test(text)) return 'code';
  return 'general';
}

// ---- subject -----------------------------------------------------------------------------------

const LANGUAGE_NAMES = String.raw`python|py|javascript|js|node\.?js|typescript|ts|java|c\+\+|cpp|c#|csharp|golang|go|rust|sql|mysql|bash|shell|c`;
const FORMAT_WORDS: Partial<Record<Intent, RegExp>> = {
  code: new RegExp(String.raw`(用|使用|in|using|with)?\s*(?<![a-z])(${LANGUAGE_NAMES})(?![a-z#+])\s*(语言)?|代码|程序|脚本|源码`, 'gi'),
  diagram: /(一个|一张|一幅)?(mermaid\s*)?(流程图|时序图|思维导图|图表|(flow\s?chart|diagram)s?)/gi,
  compare: /对比|比较|(?<![a-z])(compare|comparison)(?![a-z])/gi,
};
const LEADING_FILLER_ZH =
  /^(请问|请你|请|麻烦你|麻烦|帮我|帮忙|能不能|能否|你能|你可以|可以|如何|怎么样|怎么|怎样|什么是|介绍一下|介绍|解释一下|解释|讲讲|讲一下|说说|谈谈|给我|给出|生成|写一个|写一段|写个|编写一个|编写|写|画一个|画一张|画个|画|做一个|实现一个|实现|求解|求|证明|计算(?!机)|推导|关于|一下)[\s,，:：]*/;
const LEADING_FILLER_EN =
  /^(please|can you|could you|would you|how (do|does|can|to|should)( i| we| you)?|what (is|are)|what's|how|why|is|are|does|do|explain|describe|tell me about|write|draw|generate|create|make|show me|give me|implement|the|a|an|some|me|of|for|about|(the )?differences? between|function|program|to|that|which)(\s+|$)/i;
const TRAILING_FILLER =
  /[\s,，]*(是什么|是啥|什么意思|有什么区别|有哪些区别|有什么不同|的区别|区别|的不同|的差异|差异|哪个好|哪个更好|的函数|函数|的算法|怎么写|怎么做|如何实现|吗|呢|啊|吧|的|(?<![a-z])(works?|in detail|please|function|for me|that|which|to)(?![a-z]))$/i;
const SUBJECT_LIMIT: Record<Language, number> = { zh: 16, en: 40 };

function withoutFiller(text: string): string {
  let result = text;
  for (let previous = ''; previous !== result; ) {
    previous = result;
    result = result.replace(EDGE_PUNCTUATION, '').replace(LEADING_FILLER_ZH, '').replace(LEADING_FILLER_EN, '').replace(TRAILING_FILLER, '');
  }
  return result.trim();
}

export function subjectOf(topic: string, intent: Intent, language: Language): string {
  const untruncated = topic.replace(/…$/, '');
  const formatWords = FORMAT_WORDS[intent];
  const whole = withoutFiller((formatWords ? untruncated.replace(formatWords, ' ') : untruncated).replace(/\s+/g, ' '));
  // A long question's subject is its first clause, except in a comparison ("A，B 和 C 的区别").
  const firstClause = intent === 'compare' ? whole : withoutFiller(whole.split(/[，,：:]/)[0]!);
  const subject = [firstClause, whole, untruncated].find((candidate) => [...candidate].length >= 2) ?? untruncated;
  return short(subject, SUBJECT_LIMIT[language]);
}

const PAIR_SEPARATOR = /\s*(?:和|与|跟|同|及|还是|、|(?<![a-z])(?:vs\.?|versus|and|or)(?![a-z]))\s*/i;

/** "Python 和 Java" → ['Python', 'Java']; undefined unless exactly two non-empty parts. */
export function pairOf(subject: string): [string, string] | undefined {
  const parts = subject.split(PAIR_SEPARATOR).map((part) => part.replace(EDGE_PUNCTUATION, '').replace(/^(the|between)\s+/i, ''));
  return parts.length === 2 && parts.every((part) => part.length > 0) ? [parts[0]!, parts[1]!] : undefined;
}

// ---- the request -------------------------------------------------------------------------------

export function analyseQuestion(messages: readonly UpstreamMessage[], catalogueModel: string): Question {
  const userIndexes = messages.flatMap((message, index) => (message.role === 'user' ? [index] : []));
  const lastIndex = userIndexes.at(-1) ?? -1;
  const text = withoutFaultMarkers(messages[lastIndex]?.content ?? '');
  const language = languageOf(text);
  const sentence = mainQuestion(text);
  const topic = restated(sentence, language);
  const intent = intentOf(text);
  const subject = subjectOf(topic, intent, language);
  const previousIndex = userIndexes.at(-2);
  const previousTopic = previousIndex === undefined ? undefined : topicOf(messages[previousIndex]!.content, language);
  return {
    language,
    topic,
    subject,
    intent,
    codeLanguage: codeLanguageOf(text) ?? 'python',
    detail: detailOf(sentence),
    pair: intent === 'compare' ? pairOf(subject) : undefined,
    continues: messages.slice(0, lastIndex).some((message) => message.role !== 'system'),
    previousTopic: previousTopic !== undefined && previousTopic !== topic ? previousTopic : undefined,
    seed: hashText(`${text.trim()}\u0000${catalogueModel}`),
  };
}
