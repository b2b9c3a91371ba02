import type { BuiltInPromptCategory } from './types.js';

export const marketing: BuiltInPromptCategory = {
  key: 'marketing',
  name: '营销文案',
  templates: [
    {
      id: 'marketing-xiaohongshu',
      title: '小红书笔记',
      subTitle: '真实分享感的种草笔记',
      promt: `请帮我写一篇小红书风格的种草笔记。

要求：
1. 给出 5 个备选标题，带数字或反差感，适当使用表情符号；
2. 正文 300–500 字，用第一人称分享真实使用体验：使用场景、具体感受、优点和一点小缺点（更可信）；
3. 分段短、节奏快，重点信息用表情符号开头列出；
4. 结尾引导互动（提问或收藏提醒），附 8–10 个相关话题标签；
5. 不使用"最""第一"等绝对化用语，不夸大功效。

产品/内容：【在此填写】
目标人群：【在此填写】
核心卖点：【在此填写】`,
      en: `Please help me write a product recommendation post in the style of lifestyle social media (such as Instagram or Xiaohongshu).

Requirements:
1. Give 5 alternative titles that use numbers or a contrast, with emojis where they fit.
2. Body of 200–350 words in the first person, sharing a genuine experience of using it: when you use it, how it feels, its strengths and one small drawback (which makes it more believable).
3. Short paragraphs and a quick pace; list the key points, each starting with an emoji.
4. End by inviting interaction (a question or a reminder to save the post), followed by 8–10 relevant hashtags.
5. Avoid absolute claims such as "the best" or "number one", and don't exaggerate what it does.

Product/content: [Fill in the product or content]
Target audience: [Fill in the audience]
Key selling points: [Fill in the selling points]`,
    },
    {
      id: 'marketing-product-detail',
      title: '商品卖点',
      subTitle: '提炼卖点，写出详情页文案',
      promt: `你是一位资深电商文案策划。请为下面的商品写详情页文案。

请给出：
1. 一句话主标题和一句副标题；
2. 3–5 个核心卖点，每个卖点包括：卖点标题（不超过 10 个字）+ 把参数翻译成用户利益的说明 + 建议配图；
3. 针对目标用户最大顾虑的答疑（3 条）；
4. 促单文案（限时、赠品、售后保障等，根据我提供的信息写，不编造）。

遵守广告法，不使用绝对化用语。

商品名称：【在此填写】
商品参数与特点：【在此填写】
价格与活动：【在此填写】
目标用户：【在此填写】`,
      en: `You are a senior e-commerce copywriter. Please write the product page copy for the item below.

Please give:
1. A one-line headline and a one-line subheading.
2. 3–5 key selling points, each with a short heading (no more than 5 words), an explanation that turns the specifications into benefits for the customer, and a suggested image.
3. Answers to the target customer's 3 biggest concerns.
4. Copy that prompts a purchase (limited-time offers, free gifts, after-sales guarantees, etc., based only on the information I give; make nothing up).

Follow advertising rules and avoid absolute claims.

Product name: [Fill in the product name]
Specifications and features: [Fill in the specifications and features]
Price and promotions: [Fill in the price and any promotion]
Target customers: [Fill in the customers]`,
    },
    {
      id: 'marketing-slogan',
      title: '品牌口号',
      subTitle: '好记、好念、有记忆点',
      promt: `请为下面的品牌或产品想 15 条口号（Slogan）。

要求：
1. 分三类各 5 条：突出功能利益、突出情感价值、突出品牌态度；
2. 每条不超过 12 个字，朗朗上口，可以用对仗、押韵、谐音等手法；
3. 避免与知名品牌的口号雷同；
4. 每条后用一句话说明创意点，最后推荐 3 条并说明理由。

品牌/产品：【在此填写】
品牌定位与调性：【在此填写，例如：年轻、专业、温暖】
目标人群：【在此填写】`,
      en: `Please come up with 15 slogans for the brand or product below.

Requirements:
1. Three groups of 5: slogans that stress functional benefits, emotional value and the brand's attitude.
2. Keep each one to 6 words or fewer and easy to say; parallelism, rhyme, puns and similar devices are welcome.
3. Avoid anything close to well-known brands' slogans.
4. After each, explain the idea in one sentence; finally, recommend 3 and say why.

Brand/product: [Fill in the brand or product]
Positioning and tone: [Fill in, e.g. young, professional, warm]
Target audience: [Fill in the audience]`,
    },
    {
      id: 'marketing-short-video',
      title: '短视频脚本',
      subTitle: '前三秒抓人，分镜清楚',
      promt: `请为下面的主题写一个 60 秒左右的短视频脚本。

格式：用表格列出分镜：时间 | 画面/镜头 | 台词或字幕 | 音效/音乐。

要求：
1. 前 3 秒必须有吸引人停下来的钩子（提问、反差、冲突或结果前置）；
2. 中间信息密度高，节奏快，每个镜头不超过 5 秒；
3. 结尾有明确的行动引导（关注、评论、购买等）；
4. 另外给出 3 个视频标题和封面文字建议。

平台：【在此填写，例如：抖音、视频号、B 站】
主题/产品：【在此填写】
出镜方式：【在此填写，例如：真人口播、无人出镜、剧情演绎】`,
      en: `Please write a script for a short video of about 60 seconds on the topic below.

Format: a shot list as a table: Time | Visuals/shot | Lines or captions | Sound/music.

Requirements:
1. The first 3 seconds need a hook that makes people stop scrolling (a question, a contrast, a conflict or the result shown first).
2. Keep the middle dense and fast-paced, with no shot longer than 5 seconds.
3. End with a clear call to action (follow, comment, buy, etc.).
4. Also suggest 3 video titles and the text for the cover.

Platform: [Fill in, e.g. TikTok, Instagram Reels, YouTube Shorts]
Topic/product: [Fill in the topic or product]
On camera: [Fill in, e.g. someone talking to camera, no one on camera, acted scenes]`,
    },
    {
      id: 'marketing-wechat-article',
      title: '公众号推文',
      subTitle: '有标题、有结构、有转化',
      promt: `请帮我写一篇公众号推文。

要求：
1. 给出 5 个备选标题和一句摘要；
2. 开头用一个故事、场景或问题引入，迅速建立与读者的关联；
3. 正文 1500 字左右，分 3–4 个小标题，每部分有观点、有案例；
4. 自然地过渡到我们的产品或活动，不生硬；
5. 结尾引导留言、转发或点击"阅读原文"。

公众号定位：【在此填写】
推文主题：【在此填写】
需要推广的内容：【在此填写，可留空】`,
      en: `Please help me write an article for our newsletter or official account.

Requirements:
1. Give 5 alternative headlines and a one-sentence summary.
2. Open with a story, scene or question that quickly connects with the reader.
3. Body of about 1,000 words under 3–4 subheadings, each section with a point and an example.
4. Lead naturally, not abruptly, to our product or event.
5. End by inviting comments, shares or a click on "Read more".

What the account is about: [Fill in the account's focus]
Topic of the article: [Fill in the topic]
What to promote: [Fill in, or leave blank]`,
    },
    {
      id: 'marketing-event-copy',
      title: '活动文案',
      subTitle: '朋友圈、海报、社群一次写齐',
      promt: `请为下面的活动写一套宣传文案。

请给出：
1. 海报主标题（不超过 12 个字）和副标题各 3 个备选；
2. 朋友圈文案 3 条（分别为预热、正式开始、最后倒计时），每条不超过 100 字；
3. 社群通知 1 条，写清时间、地点、参与方式和福利；
4. 一句适合放在海报底部的行动号召。

活动名称与内容：【在此填写】
时间地点：【在此填写】
参与方式与福利：【在此填写】
目标人群：【在此填写】`,
      en: `Please write a set of promotional copy for the event below.

Please give:
1. 3 options each for the poster headline (no more than 6 words) and its subheading.
2. 3 social media posts (a teaser, a launch and a last-call countdown), each under 70 words.
3. 1 announcement for community groups, stating the time, place, how to take part and the perks.
4. A call to action for the bottom of the poster.

Event name and content: [Fill in the event]
Time and place: [Fill in the time and place]
How to take part and perks: [Fill in how to join and what people get]
Target audience: [Fill in the audience]`,
    },
    {
      id: 'marketing-live-script',
      title: '直播话术',
      subTitle: '开场、讲品、逼单到下播',
      promt: `请为一场带货直播写一份单品讲解话术。

结构：
1. 开场留人（30 秒）：福利预告、互动提问；
2. 产品讲解（3 分钟）：痛点引入 → 产品展示 → 卖点逐一演示 → 与常见替代品对比；
3. 信任建立：售后保障、真实评价的引用方式；
4. 促单：价格对比、限量限时、库存提醒，语言有紧迫感但不虚假；
5. 常见弹幕问题的回答（5 条）。

遵守广告法，不夸大功效，不虚构销量和原价。

产品：【在此填写】
直播价与活动：【在此填写】
主播人设：【在此填写，例如：专业测评、亲切邻家】`,
      en: `Please write a script for presenting a single product in a livestream sale.

Structure:
1. An opening that keeps viewers (30 seconds): a teaser of the deals, an interactive question.
2. Product presentation (3 minutes): the pain point → showing the product → demonstrating each selling point → comparing it with common alternatives.
3. Building trust: after-sales guarantees, how to quote genuine reviews.
4. Closing the sale: price comparison, limited quantity and time, stock reminders; urgent but never false.
5. Answers to common viewer comments (5 of them).

Follow advertising rules: don't exaggerate what it does, and don't invent sales figures or original prices.

Product: [Fill in the product]
Livestream price and deals: [Fill in the price and deals]
Host persona: [Fill in, e.g. expert reviewer, friendly girl next door]`,
    },
    {
      id: 'marketing-persona',
      title: '用户画像',
      subTitle: '弄清楚到底在卖给谁',
      promt: `请为下面的产品梳理目标用户画像。

请给出：
1. 2–3 个典型用户画像，每个包括：称呼、年龄与职业、生活场景、核心需求、痛点、购买顾虑、常用的信息渠道；
2. 每个画像最打动他的一句话；
3. 针对每个画像的推广渠道和内容形式建议；
4. 如何低成本地验证这些画像是否准确。

说明哪些是基于常识的推测，需要用真实数据验证。

产品：【在此填写产品和价格】
目前了解到的用户情况：【在此填写，可留空】`,
      en: `Please work out the target user personas for the product below.

Please give:
1. 2–3 typical personas, each with a name, age and occupation, daily life, core needs, pain points, hesitations about buying and the channels they usually get information from.
2. The one line that would win each persona over.
3. Suggested channels and content formats for reaching each persona.
4. How to check cheaply whether these personas are accurate.

Say which parts are common-sense guesses that need checking against real data.

Product: [Fill in the product and its price]
What we know about users so far: [Fill in, or leave blank]`,
    },
  ],
};
