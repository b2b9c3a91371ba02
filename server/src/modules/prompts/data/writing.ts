import type { BuiltInPromptCategory } from './types.js';

export const writing: BuiltInPromptCategory = {
  key: 'writing',
  name: '写作',
  templates: [
    {
      id: 'writing-outline',
      title: '文章大纲',
      subTitle: '先搭骨架，再动笔',
      promt: `你是一位经验丰富的写作教练。请为下面的主题设计一份文章大纲。

要求：
1. 先用一句话写出文章的核心观点；
2. 分为 4–6 个部分，每部分写出小标题和 2–3 个要点，并注明可以使用的论据或例子类型；
3. 给出一个吸引人的开头思路和一个有力的结尾思路；
4. 最后估算每部分的建议字数。

文章主题：【在此填写文章主题】
目标读者：【在此填写读者，例如：大学生、职场新人】
预计字数：【在此填写字数】`,
      en: `You are an experienced writing coach. Please design an outline for an article on the topic below.

Requirements:
1. Start with one sentence stating the article's central argument.
2. Divide it into 4–6 sections, each with a heading and 2–3 key points, noting what kind of evidence or examples could support them.
3. Suggest an engaging way to open and a strong way to close.
4. Finally, estimate a suggested word count for each section.

Topic: [Fill in the topic of the article]
Target readers: [Fill in the readers, e.g. college students, new graduates]
Expected length: [Fill in the word count]`,
    },
    {
      id: 'writing-expand',
      title: '段落扩写',
      subTitle: '把几句话写成一段好文字',
      promt: `请把下面的内容扩写成一段 300–500 字的文字。

要求：
1. 保留原意和所有关键信息，不编造具体数据；
2. 补充细节、例子或画面感的描写，让内容更充实；
3. 语句通顺，逻辑层次清楚，避免空话和重复；
4. 风格：【在此填写风格，例如：平实、文艺、正式】。

原文：
【在此粘贴需要扩写的内容】`,
      en: `Please expand the text below into a paragraph of 200–350 words.

Requirements:
1. Keep the original meaning and every key piece of information; do not invent specific figures.
2. Add details, examples or vivid description to give it more substance.
3. Make it read smoothly with a clear logical flow; avoid empty phrases and repetition.
4. Style: [Fill in the style, e.g. plain, literary, formal].

Original text:
[Paste the text to expand]`,
    },
    {
      id: 'writing-story',
      title: '短篇小说',
      subTitle: '给一个设定，写一个完整故事',
      promt: `你是一位擅长短篇小说的作家。请根据下面的设定写一篇 1500 字左右的短篇小说。

要求：
1. 有清晰的开端、冲突、高潮和结局，结尾最好有一个意料之外又在情理之中的转折；
2. 人物有鲜明的性格和动机，用对话和行动表现，少用直接的形容；
3. 开头第一段就要抓住读者；
4. 最后单独给出 3 个备选标题。

题材/类型：【在此填写，例如：科幻、悬疑、温情】
主要人物：【在此填写人物设定】
故事核心：【在此填写你想讲的事或想表达的情感】`,
      en: `You are a writer skilled at short fiction. Please write a short story of about 1,000 words based on the premise below.

Requirements:
1. Give it a clear beginning, conflict, climax and ending; ideally the ending has a twist that is unexpected yet makes sense.
2. Give the characters distinct personalities and motives, shown through dialogue and action rather than direct description.
3. Hook the reader in the very first paragraph.
4. At the end, give 3 alternative titles on their own.

Genre: [Fill in, e.g. sci-fi, mystery, heartwarming]
Main characters: [Fill in the characters]
Heart of the story: [Fill in what happens, or the feeling you want to convey]`,
    },
    {
      id: 'writing-commentary',
      title: '评论文章',
      subTitle: '观点鲜明、有理有据',
      promt: `请就下面的话题写一篇 800–1200 字的评论文章。

要求：
1. 开头简要交代事件或现象，第一段末尾亮明观点；
2. 从 2–3 个角度展开论证，每个角度有具体的道理或例子支撑；
3. 回应一种常见的反对意见，说明为什么你的观点仍然成立；
4. 结尾提出建设性的看法，避免空喊口号；
5. 不确定的事实请注明"需核实"，不要编造数据。

话题：【在此填写话题或事件】
我的基本立场：【在此填写你的立场，可留空让我来分析】`,
      en: `Please write an opinion piece of 600–900 words on the topic below.

Requirements:
1. Open by briefly setting out the event or phenomenon, and state your position by the end of the first paragraph.
2. Argue it from 2–3 angles, each backed by concrete reasoning or examples.
3. Respond to one common objection and explain why your position still holds.
4. Close with a constructive suggestion rather than empty slogans.
5. Mark any fact you are unsure of as "needs checking"; do not make up data.

Topic: [Fill in the topic or event]
My basic position: [Fill in your position, or leave blank to have it analysed]`,
    },
    {
      id: 'writing-titles',
      title: '标题生成',
      subTitle: '一次给出 10 个不同风格的标题',
      promt: `请为下面的内容起 10 个标题。

要求：
1. 风格各不相同：直接陈述、提出问题、数字清单、制造悬念、情感共鸣等至少各有一个；
2. 每个标题不超过 25 个字；
3. 不做标题党：标题要与内容相符；
4. 每个标题后用一句话说明适合的发布场景，最后推荐你认为最好的一个并说明理由。

内容概要：
【在此填写文章或视频的主要内容】`,
      en: `Please come up with 10 headlines for the content below.

Requirements:
1. Vary the styles: at least one each of a plain statement, a question, a numbered list, a cliffhanger and an emotional appeal.
2. Keep each headline under 15 words.
3. No clickbait: every headline must match the content.
4. After each headline, add one sentence on where it would work best; finally, recommend the one you think is best and explain why.

Summary of the content:
[Fill in the main content of the article or video]`,
    },
    {
      id: 'writing-speech',
      title: '演讲稿',
      subTitle: '适合口头表达、有感染力',
      promt: `请帮我写一篇演讲稿。

要求：
1. 时长约【在此填写分钟数】分钟（按每分钟 200 字左右计算）；
2. 口语化、句子短，适合朗读，适当使用排比、设问和具体的小故事；
3. 开头 30 秒内抓住听众，结尾有号召力或让人记住的一句话；
4. 在需要停顿或加重语气的地方用【停顿】【重读】标出。

演讲场合：【在此填写，例如：年会、毕业典礼、竞聘】
演讲主题：【在此填写主题】
听众：【在此填写听众是谁】
我想讲的经历或要点：【在此填写，可留空】`,
      en: `Please write a speech for me.

Requirements:
1. Length: about [Fill in the number of minutes] minutes (at roughly 130 words a minute).
2. Conversational, with short sentences that are easy to read aloud; use parallelism, rhetorical questions and short, concrete stories where they fit.
3. Grab the audience in the first 30 seconds, and end with a call to action or a line people will remember.
4. Mark where to pause or add emphasis with [pause] and [stress].

Occasion: [Fill in, e.g. annual company party, graduation ceremony, promotion pitch]
Topic: [Fill in the topic]
Audience: [Fill in who will be listening]
Experiences or points I want to include: [Fill in, or leave blank]`,
    },
    {
      id: 'writing-review',
      title: '读后感',
      subTitle: '写出自己的感受，而不是复述情节',
      promt: `请帮我写一篇读后感/观后感，约 800 字。

要求：
1. 情节概述不超过全文的五分之一；
2. 选取 1–2 个最打动我的细节或人物，写出具体感受；
3. 联系现实生活或我自己的经历进行思考；
4. 语言真诚自然，像一个普通读者写的，避免套话。

作品名称：【在此填写书名或影视名称】
最打动我的地方：【在此填写，可以是一句话、一个场景】
我的身份/经历：【在此填写，例如：高二学生、刚工作两年】`,
      en: `Please help me write a reflection of about 600 words on a book, film or show.

Requirements:
1. Keep the plot summary to no more than a fifth of the whole.
2. Pick the 1–2 details or characters that moved me most and describe my response to them concretely.
3. Connect it to real life or to my own experience.
4. Use sincere, natural language, as an ordinary reader would write, and avoid clichés.

Title of the work: [Fill in the book, film or series]
What moved me most: [Fill in, e.g. a line or a scene]
About me: [Fill in, e.g. high-school junior, two years into my first job]`,
    },
  ],
};
