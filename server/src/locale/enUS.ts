/**
 * English for the international edition, keyed by the domestic (Chinese) text: the Chinese stays
 * the one source in the code (the spec's exact strings), this table says what the international
 * site shows instead. Texts with numbers in them are patterns (PATTERNS), tried after the exact table.
 */
export const EN_US: Readonly<Record<string, string>> = {
  // Catalogue: channel types, levels, feature labels, price tips.
  '启明': 'Qiming',
  '官方': 'Official',
  '基础': 'Basic',
  '高级': 'Advanced',
  '推理': 'Reasoning',
  '编码': 'Coding',
  '编程': 'Coding',
  '绘画': 'Drawing',
  '音乐': 'Music',
  '视频': 'Video',
  '写作': 'Writing',
  '识图': 'Vision',
  '联网': 'Web',
  '日常': 'Everyday',
  '中文': 'Chinese',
  '长文本': 'Long text',
  '数学': 'Math',
  '文件': 'Files',
  '快速': 'Fast',
  '高速': 'High speed',
  '分析': 'Analysis',
  '科研': 'Research',
  '深度研究': 'Deep research',
  '搜索': 'Search',
  '深度搜索': 'Deep search',
  '报告': 'Reports',
  '盲盒': 'Blind box',
  '改图': 'Image editing',
  '免费': 'Free',
  '免费使用，不消耗积分': 'Free to use, no points',
  '按次计费，未生成成功不扣积分；基础套餐及以上用户8折': 'Charged per use, nothing when generation fails; 20% off on the Basic plan and above',
  '按字数计费；基础套餐及以上用户8折': 'Charged per character; 20% off on the Basic plan and above',
  '按实际消耗的 tokens 计费；基础套餐及以上用户8折': 'Charged by the tokens used; 20% off on the Basic plan and above',
  '[套餐2及以上用户或订阅用户使用]': '[Plan 2 and above, or subscribers]',
  // Envelope and refusal messages users see (chat, points, pay paths).
  '请求体不是合法的 JSON': 'The request body is not valid JSON',
  '接口不存在': 'No such API',
  '未知的模型': 'Unknown model',
  '积分不足，请及时充值': 'Not enough points, please top up',
  '当前积分不足': 'Not enough points',
  '服务器繁忙，请稍后再试': 'The server is busy, please try again later',
  '服务器开小差了，请稍后重试': 'Something went wrong on the server, please try again',
  '禁止输入违反中华人民共和国法律法规的内容！': 'Content that violates the law is not allowed!',
  '输入长度不能超过10000': 'The input may not exceed 10000 characters',
  '当前回复生成失败，请重新生成，未生成成功不扣积分。': 'This reply failed, please regenerate it. Failed replies cost no points.',
  '服务正在更新，本次回复被中断，请重新生成，未生成成功不扣积分。': 'The service is updating and this reply was interrupted; please regenerate it. Failed replies cost no points.',
  '输入内容超出模型的处理能力或格式不被支持，请精简内容后重试': 'The input is too long for the model or its format is not supported; please shorten it and retry',
  '正在连接模型，请稍候…': 'Connecting to the model, please wait…',
  '模型正在思考，请耐心等待…': 'The model is thinking, please wait…',
  '请先登录': 'Please log in first',
  '登录已过期，请重新登录': 'Your session has expired, please log in again',
  '图标不存在': 'No such icon',
};

/** Texts with numbers: price lines and messages that carry a value. */
export const PATTERNS: ReadonlyArray<readonly [RegExp, string]> = [
  [/^([\d.]+)积分\/次$/, '$1 points/use'],
  [/^([\d.]+)积分\/字$/, '$1 points/character'],
  [/^([\d.]+)积分\/百万tokens$/, '$1 points/million tokens'],
  [/^输入([\d.]+)积分\/百万tokens，输出([\d.]+)积分\/百万tokens$/, 'input $1, output $2 points/million tokens'],
  [/^请求参数不正确：(.*)$/, 'Invalid request parameters: $1'],
];
