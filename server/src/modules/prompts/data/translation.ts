import type { BuiltInPromptCategory } from './types.js';

export const translation: BuiltInPromptCategory = {
  key: 'translation',
  name: '翻译润色',
  templates: [
    {
      id: 'translation-zh-en',
      title: '中译英',
      subTitle: '地道自然，不是逐字硬译',
      promt: `请把下面的中文翻译成地道的英文。

要求：
1. 忠实原意，符合英语母语者的表达习惯，不逐字硬译；
2. 用途是【在此填写，例如：商务邮件、论文摘要、产品介绍、日常聊天】，请选择相应的语气和用词；
3. 专有名词和术语采用通行译法；
4. 译文后列出 3–5 处你做了意译或调整的地方，并说明原因。

原文：
【在此粘贴中文】`,
      en: `Please translate the Chinese text below into idiomatic English.

Requirements:
1. Stay faithful to the meaning and follow the way native English speakers express themselves; don't translate word for word.
2. It is for [Fill in, e.g. a business email, a paper abstract, a product description, casual chat]; choose the tone and wording to match.
3. Use the established translations of proper nouns and terms.
4. After the translation, list 3–5 places where you translated freely or made adjustments, and explain why.

Original text:
[Paste the Chinese text]`,
    },
    {
      id: 'translation-en-zh',
      title: '英译中',
      subTitle: '信达雅，读起来像中文',
      promt: `请把下面的英文翻译成通顺的中文。

要求：
1. 准确传达原意，译文读起来像中文母语者写的，避免"翻译腔"；
2. 长句按中文习惯拆分，被动语态视情况改为主动；
3. 专业术语首次出现时在括号里保留英文原文；
4. 原文有歧义的地方请在译文后注明。

领域：【在此填写，例如：科技新闻、法律合同、学术论文、小说】
原文：
【在此粘贴英文】`,
      en: `Please translate the English text below into fluent Chinese.

Requirements:
1. Convey the meaning accurately, so that the translation reads as if written by a native Chinese speaker, without "translationese".
2. Split long sentences the way Chinese would, and turn passives into actives where appropriate.
3. The first time a technical term appears, keep the English original in brackets after it.
4. Note any ambiguities in the original after the translation.

Field: [Fill in, e.g. tech news, legal contracts, academic papers, fiction]
Original text:
[Paste the English text]`,
    },
    {
      id: 'translation-polish-zh',
      title: '中文润色',
      subTitle: '通顺、简洁、有文采',
      promt: `请润色下面这段中文。

要求：
1. 修正错别字、语病和标点错误；
2. 删去啰嗦重复的表达，让句子更简洁有力；
3. 保持原文的意思、语气和作者风格，不添加新观点；
4. 先给出润色后的全文，再用表格列出主要修改：原句 | 修改后 | 原因。

文体：【在此填写，例如：工作总结、公众号文章、小说片段】
原文：
【在此粘贴内容】`,
      en: `Please polish the Chinese text below.

Requirements:
1. Fix typos, grammatical errors and punctuation mistakes.
2. Cut wordy, repetitive expressions so that the sentences are tighter and stronger.
3. Keep the original meaning, tone and the author's style; add no new ideas.
4. First give the whole polished text, then a table of the main changes: Original | Revised | Reason.

Type of writing: [Fill in, e.g. work summary, blog post, excerpt from a novel]
Original text:
[Paste the text]`,
    },
    {
      id: 'translation-academic-en',
      title: '学术英语润色',
      subTitle: '让论文语言更规范专业',
      promt: `You are an experienced academic editor. 请润色下面的英文学术文本。

要求：
1. 修正语法、拼写和标点错误；
2. 使表达符合学术写作规范：准确、客观、简洁，避免口语化表达；
3. 改善句子之间的衔接和逻辑；
4. 不改变作者的观点、数据和专业术语；
5. 先给出润色后的全文，再分点说明主要修改及原因（用中文说明）。

学科领域：【在此填写，例如：计算机视觉、临床医学】
目标期刊或场合：【在此填写，可留空】
原文：
【在此粘贴英文段落】`,
      en: `You are an experienced academic editor. Please polish the academic English text below.

Requirements:
1. Fix grammar, spelling and punctuation errors.
2. Bring the wording in line with academic writing conventions: precise, objective and concise, without colloquialisms.
3. Improve the flow and logic between sentences.
4. Don't change the author's arguments, data or technical terms.
5. First give the whole polished text, then explain the main changes and why, point by point.

Field: [Fill in, e.g. computer vision, clinical medicine]
Target journal or venue: [Fill in, or leave blank]
Original text:
[Paste the English paragraphs]`,
    },
    {
      id: 'translation-grammar-check',
      title: '英文纠错',
      subTitle: '找出语法错误并讲清原因',
      promt: `请检查下面英文中的错误，帮助我提高英语水平。

要求：
1. 逐句标出语法、用词、搭配和时态错误；
2. 每处错误给出正确写法，并用中文简要解释语法规则；
3. 对虽然没有错误但不够地道的表达，给出更自然的说法；
4. 最后总结我最常犯的 2–3 类错误，并给出练习建议。

我的英语水平：【在此填写，例如：大学四级、雅思 6 分】
内容：
【在此粘贴英文】`,
      en: `Please check the English text below for mistakes, to help me improve my English.

Requirements:
1. Go sentence by sentence and mark errors in grammar, word choice, collocation and tense.
2. For each error, give the correct version and briefly explain the grammar rule in simple terms.
3. For phrases that are not wrong but not quite idiomatic, suggest a more natural way to say them.
4. Finally, sum up the 2–3 kinds of mistake I make most often and suggest how to practise.

My English level: [Fill in, e.g. intermediate (B1), IELTS 6]
Text:
[Paste the English text]`,
    },
    {
      id: 'translation-tone-rewrite',
      title: '语气改写',
      subTitle: '同一件事，换一种说法',
      promt: `请把下面的文字改写成【在此填写目标语气，例如：更正式、更委婉、更热情、更简洁、更口语化】的版本。

要求：
1. 意思不变，信息不丢失；
2. 给出 3 个不同程度的版本，从轻微调整到大幅改写；
3. 说明每个版本适合的场合和对象。

原文：
【在此粘贴需要改写的文字】`,
      en: `Please rewrite the text below so that it sounds [Fill in the target tone, e.g. more formal, more tactful, warmer, more concise, more casual].

Requirements:
1. Keep the meaning and lose no information.
2. Give 3 versions of increasing degree, from a light touch to a thorough rewrite.
3. Say which occasions and readers each version suits.

Original text:
[Paste the text to rewrite]`,
    },
    {
      id: 'translation-localization',
      title: '产品本地化',
      subTitle: '界面文案翻译，符合当地习惯',
      promt: `请把下面的产品界面文案本地化为【在此填写目标语言，例如：英语（美国）、日语】。

要求：
1. 按"原文 | 译文 | 说明"的表格输出；
2. 按钮和标签要简短，与主流应用的常用说法一致；
3. 注意目标地区的日期、货币、称呼习惯和文化禁忌；
4. 如果某条文案直译会产生误解，给出替代说法并说明原因；
5. 保留 {name}、%s 等占位符，不翻译也不改动。

产品类型：【在此填写，例如：电商 App、办公软件】
文案：
【在此粘贴界面文案，每行一条】`,
      en: `Please localise the product UI text below into [Fill in the target language, e.g. English (US), Japanese].

Requirements:
1. Output a table: Original | Translation | Notes.
2. Keep buttons and labels short and consistent with the wording common in mainstream apps.
3. Mind the target region's conventions for dates, currency and forms of address, and its cultural taboos.
4. If translating an item literally would cause a misunderstanding, give an alternative and explain why.
5. Keep placeholders such as {name} and %s exactly as they are, untranslated.

Product type: [Fill in, e.g. e-commerce app, office software]
Text:
[Paste the UI text, one item per line]`,
    },
  ],
};
