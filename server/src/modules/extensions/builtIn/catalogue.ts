import { BUILTIN_ICONS } from './icons.js';

/** A built-in extension as its row starts (ops may change display fields, price and timeout after). */
export interface BuiltinSeed {
  mcpName: BuiltinName;
  showName: string;
  showDesc: string;
  kind: string;
  imgUrl: string;
  sort: number;
  timeoutSeconds: number;
  pricePerCall: number;
}

export const BUILTIN_NAMES = ['datetime', 'calculator', 'unit-converter', 'knowledge-search', 'url-reader'] as const;
export type BuiltinName = (typeof BUILTIN_NAMES)[number];
export const isBuiltinName = (name: string): name is BuiltinName => (BUILTIN_NAMES as readonly string[]).includes(name);

/** The extensions shipped with the product, served by its own MCP server (builtIn/server.ts). */
export const BUILTIN_SEEDS: readonly BuiltinSeed[] = [
  {
    mcpName: 'datetime',
    showName: '时间与日期',
    showDesc: '查询各地当前时间、时区换算、日期间隔与加减、星期与农历',
    kind: '工具',
    imgUrl: BUILTIN_ICONS.datetime,
    sort: 10,
    timeoutSeconds: 10,
    pricePerCall: 0,
  },
  {
    mcpName: 'calculator',
    showName: '计算器',
    showDesc: '精确计算数学表达式，支持大整数、精确小数、函数和带单位的计算',
    kind: '工具',
    imgUrl: BUILTIN_ICONS.calculator,
    sort: 20,
    timeoutSeconds: 10,
    pricePerCall: 0,
  },
  {
    mcpName: 'unit-converter',
    showName: '单位换算',
    showDesc: '长度、重量、温度、面积、体积、速度等单位互换，支持公里、英里、斤、公斤、摄氏度等常用单位',
    kind: '工具',
    imgUrl: BUILTIN_ICONS['unit-converter'],
    sort: 30,
    timeoutSeconds: 10,
    pricePerCall: 0,
  },
  {
    mcpName: 'knowledge-search',
    showName: '知识库检索',
    showDesc: '在你的知识库中检索相关段落，回答时引用原文',
    kind: '知识',
    imgUrl: BUILTIN_ICONS['knowledge-search'],
    sort: 40,
    timeoutSeconds: 20,
    pricePerCall: 0,
  },
  {
    mcpName: 'url-reader',
    showName: '网页读取',
    showDesc: '读取公开网页的标题和正文，便于总结、翻译和问答',
    kind: '网络',
    imgUrl: BUILTIN_ICONS['url-reader'],
    sort: 50,
    timeoutSeconds: 20,
    pricePerCall: 0,
  },
];
