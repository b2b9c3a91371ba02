import { inGroup, perRequest, type CatalogueEntry } from '../entry.js';

const glm = inGroup('glm');

/** Zhipu's GLM models (picker tab GLM专区). */
export const GLM_MODELS: CatalogueEntry[] = [
  glm('glm-4-flash', {
    label: 'GLM-4-Flash',
    minilabel: '4-Flash',
    labelText: '智谱的极速模型，几乎免费',
    tooltip: '价格极低，适合简单任务',
    level: '基础',
    stars: 5,
    funLabelList: ['快速', '中文'],
    textOnly: true,
    shortIntro: '智谱 AI 的 GLM-4-Flash，响应极快、价格极低，适合简单问答、翻译和文本分类。',
    examples: ['把“今天天气真好”翻译成五种语言。', '给这篇文章起三个标题。'],
    price: perRequest(3),
  }),
  glm('glm-4', {
    label: 'GLM-4',
    labelText: '智谱旗舰中文大模型',
    tooltip: '中文理解强，适合写作与分析',
    level: '高级',
    stars: 7,
    funLabelList: ['中文', '写作', '分析'],
    textOnly: true,
    shortIntro: '智谱 AI 的 GLM-4，中文理解和知识问答能力强，适合公文写作、资料分析和中文语境下的各类任务。',
    examples: ['起草一份部门年度工作总结的提纲。', '分析一下社区团购模式的优缺点。'],
    price: perRequest(100),
    note: 'in the spec\'s textOptions (§3) without a price: 100, far above glm-4-flash (3), well below gpt-4o',
  }),
  glm('glm-4v', {
    label: 'GLM-4V',
    labelText: '智谱视觉模型，看图问答',
    tooltip: '上传图片后提问，仅支持 PNG、JPEG',
    level: '高级',
    stars: 6,
    funLabelList: ['识图', '中文'],
    canUpload: true,
    shortIntro: '智谱 AI 的视觉理解模型，能描述图片内容、识别图中文字、解读图表。',
    shortIntro2: '仅支持 PNG、JPEG 格式的图片。',
    examples: ['这张截图里的报错信息是什么意思？', '描述这幅画的风格和内容。'],
    price: perRequest(200),
    note: 'in the spec\'s upload list and image-only models (§3, §5) without a price: 200, twice glm-4 for vision',
  }),
];
