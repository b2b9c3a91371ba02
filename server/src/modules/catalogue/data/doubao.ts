import { inGroup, perRequest, type CatalogueEntry } from '../entry.js';

const doubao = inGroup('doubao');

const TAB_NOTE = 'the spec has a 豆包专区 tab (§2) but names no Doubao model or price';

/** ByteDance's Doubao models (picker tab 豆包专区). */
export const DOUBAO_MODELS: CatalogueEntry[] = [
  doubao('doubao-1.5-pro-32k', {
    label: '豆包 1.5 Pro',
    minilabel: '豆包 Pro',
    labelText: '字节跳动的中文对话模型',
    tooltip: '中文表达地道，价格实惠',
    level: '基础',
    stars: 7,
    funLabelList: ['中文', '日常', '写作'],
    textOnly: true,
    shortIntro: '字节跳动的豆包 1.5 Pro，中文表达地道自然，擅长日常对话、文案创作和信息整理，价格实惠。',
    examples: ['帮我写一条小红书风格的探店笔记。', '把这段口语化的录音整理成书面文字。'],
    price: perRequest(30),
    note: `${TAB_NOTE}: priced like ai3, a light model`,
  }),
  doubao('doubao-1.5-thinking-pro', {
    label: '豆包 1.5 深度思考',
    minilabel: '豆包思考',
    labelText: '会深度思考的豆包',
    tooltip: '先思考再回答，擅长数学与逻辑',
    level: '推理',
    stars: 8,
    think: true,
    funLabelList: ['推理', '中文'],
    textOnly: true,
    shortIntro: '豆包的深度思考模型，回答前先进行推理，在数学、编程和逻辑分析上表现更好。',
    examples: ['小明比小红大 3 岁，五年后两人年龄和是 41，他们现在各几岁？', '这段 Java 代码为什么会空指针？'],
    price: perRequest(200),
    note: `${TAB_NOTE}: 200, a reasoning model just above the doubao chat model`,
  }),
  doubao('doubao-1.5-vision-pro', {
    label: '豆包 1.5 视觉',
    minilabel: '豆包视觉',
    labelText: '看图理解、识别文字',
    tooltip: '上传图片后提问，识图识字都可以',
    level: '高级',
    stars: 7,
    funLabelList: ['识图', '中文'],
    canUpload: true,
    shortIntro: '豆包的视觉理解模型，能识别图片中的物体、文字和图表，适合拍照答疑、票据整理和图表解读。',
    examples: ['识别这张发票上的金额和开票日期。', '这张折线图说明了什么？'],
    price: perRequest(100),
    note: `${TAB_NOTE}: 100, like the light vision models`,
  }),
];
