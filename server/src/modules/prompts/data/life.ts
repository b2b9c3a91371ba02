import type { BuiltInPromptCategory } from './types.js';

export const life: BuiltInPromptCategory = {
  key: 'life',
  name: '生活助手',
  templates: [
    {
      id: 'life-fridge-recipe',
      title: '冰箱菜谱',
      subTitle: '用现有食材做一桌菜',
      promt: `我冰箱里有一些食材，请帮我设计菜谱。

要求：
1. 推荐 3 道家常菜，尽量只用我有的食材，缺少的调料单独列出；
2. 每道菜写清用料和用量、详细步骤、火候和时间；
3. 标注难度和预计用时；
4. 给出一个新手最容易失败的地方和补救办法。

现有食材：【在此填写，例如：鸡蛋、西红柿、半颗白菜、五花肉】
用餐人数：【在此填写】
口味偏好或忌口：【在此填写，可留空】`,
      en: `I have some ingredients in the fridge; please help me plan what to cook.

Requirements:
1. Suggest 3 home-style dishes that use only what I have as far as possible; list any missing seasonings separately.
2. For each dish, give the ingredients and amounts, detailed steps, heat and timing.
3. Mark the difficulty and how long it will take.
4. Point out where a beginner is most likely to go wrong and how to rescue it.

Ingredients I have: [Fill in, e.g. eggs, tomatoes, half a cabbage, pork belly]
Number of people: [Fill in the number]
Taste preferences or things to avoid: [Fill in, or leave blank]`,
    },
    {
      id: 'life-travel-plan',
      title: '旅行攻略',
      subTitle: '按天安排行程，劳逸结合',
      promt: `请帮我规划一次旅行。

要求：
1. 按天列出行程：上午、下午、晚上分别去哪里、怎么去、大约停留多久；
2. 相邻景点安排在一起，避免来回折返，每天不要太赶；
3. 推荐当地有特色的饮食类型（不编造具体店名）；
4. 给出预算估算、需要提前预约的事项和注意事项；
5. 具体的开放时间和票价请提醒我出发前核实。

目的地：【在此填写】
出行时间与天数：【在此填写】
同行人员：【在此填写，例如：带老人、带 5 岁孩子、情侣】
预算与偏好：【在此填写，例如：人均 3000 元，喜欢自然风光】`,
      en: `Please help me plan a trip.

Requirements:
1. Lay out the itinerary day by day: where to go in the morning, afternoon and evening, how to get there and roughly how long to stay.
2. Group nearby sights together to avoid backtracking, and don't pack the days too tightly.
3. Recommend the kinds of local food worth trying (don't make up specific restaurant names).
4. Give a budget estimate, things to book in advance and practical tips.
5. Remind me to check exact opening hours and ticket prices before I go.

Destination: [Fill in the destination]
Dates and number of days: [Fill in the dates and length]
Travelling with: [Fill in, e.g. elderly parents, a 5-year-old, my partner]
Budget and preferences: [Fill in, e.g. about $1,000 per person, love nature]`,
    },
    {
      id: 'life-fitness-plan',
      title: '健身计划',
      subTitle: '循序渐进、在家也能练',
      promt: `你是一位专业的健身教练。请为我制定一份 4 周训练计划。

要求：
1. 按周、按天列出训练内容：动作名称、组数、次数或时长、组间休息；
2. 每个动作写清动作要领和常见错误；
3. 包含热身和拉伸；
4. 每周循序渐进地增加强度；
5. 附简单的饮食建议。

如有伤病或慢性病，请提醒我先咨询医生。

我的情况：【在此填写性别、年龄、身高体重、运动基础】
目标：【在此填写，例如：减脂、增肌、改善体态】
条件：【在此填写，例如：在家、无器械、每天 30 分钟】
伤病情况：【在此填写，没有可写"无"】`,
      en: `You are a professional fitness coach. Please draw up a 4-week training plan for me.

Requirements:
1. List the training week by week and day by day: exercise, sets, reps or duration, and rest between sets.
2. For each exercise, describe the correct form and common mistakes.
3. Include a warm-up and stretching.
4. Increase the intensity gradually from week to week.
5. Add some simple dietary advice.

If I have injuries or chronic conditions, remind me to consult a doctor first.

About me: [Fill in your sex, age, height, weight and fitness background]
Goal: [Fill in, e.g. lose fat, build muscle, improve posture]
Setup: [Fill in, e.g. at home, no equipment, 30 minutes a day]
Injuries: [Fill in any injuries, or write "none"]`,
    },
    {
      id: 'life-budget',
      title: '收支规划',
      subTitle: '理清每月的钱花到哪里',
      promt: `请帮我做一份月度收支规划。

要求：
1. 根据我的收入和支出，整理出一张收支表；
2. 按"必要支出 / 可优化支出 / 储蓄与投资"分类，指出可以优化的地方；
3. 给出一个可执行的预算比例和每月储蓄目标；
4. 提供 3 条适合我的记账和省钱习惯；
5. 只给一般性的理财常识，不推荐具体的理财产品。

月收入：【在此填写】
固定支出：【在此填写，例如：房租、房贷、通勤、保险】
日常支出情况：【在此填写】
理财目标：【在此填写，例如：一年存 5 万、还清信用卡】`,
      en: `Please help me make a monthly budget.

Requirements:
1. Put my income and spending into an income and expenses table.
2. Sort spending into "essential / could be trimmed / saving and investing", and point out where I could cut back.
3. Suggest workable budget percentages and a monthly savings target.
4. Offer 3 habits for tracking spending and saving money that suit me.
5. Give only general personal-finance advice; don't recommend specific financial products.

Monthly income: [Fill in your income]
Fixed costs: [Fill in, e.g. rent or mortgage, commuting, insurance]
Everyday spending: [Fill in your everyday spending]
Financial goal: [Fill in, e.g. save $10,000 in a year, pay off my credit card]`,
    },
    {
      id: 'life-gift-ideas',
      title: '送礼建议',
      subTitle: '送到对方心坎上',
      promt: `请帮我想想送什么礼物。

要求：
1. 推荐 8 个礼物方向，覆盖实用型、体验型、心意型，每个写出推荐理由；
2. 每个方向给出大致价格区间；
3. 提醒这个场合和对象需要避免的礼物；
4. 附一段可以写在卡片上的话。

送给谁：【在此填写，例如：女朋友、岳父、刚入职的同事】
对方的年龄、爱好：【在此填写】
场合：【在此填写，例如：生日、纪念日、乔迁】
预算：【在此填写】`,
      en: `Please help me think of a gift.

Requirements:
1. Suggest 8 gift ideas covering practical gifts, experiences and heartfelt gestures, each with a reason.
2. Give a rough price range for each.
3. Point out gifts to avoid for this occasion and person.
4. Add a short message I could write on the card.

Who it's for: [Fill in, e.g. my girlfriend, my father-in-law, a new colleague]
Their age and interests: [Fill in their age and interests]
Occasion: [Fill in, e.g. birthday, anniversary, housewarming]
Budget: [Fill in the budget]`,
    },
    {
      id: 'life-listener',
      title: '倾诉树洞',
      subTitle: '有人认真听你说说心里话',
      promt: `我想找人说说话。请你作为一个温暖、耐心的倾听者陪我聊聊。

请你：
1. 先认真倾听和回应我的感受，不急着讲道理或给建议；
2. 用提问帮助我把心里的想法理清楚；
3. 等我愿意的时候，再和我一起想想可以做些什么；
4. 如果我表现出伤害自己的念头，请提醒我及时联系身边信任的人或专业的心理援助热线。

我现在的心情和想说的事：
【在此写下你想说的话】`,
      en: `I'd like someone to talk to. Please keep me company as a warm, patient listener.

Please:
1. Listen closely and respond to my feelings first; don't rush to reason with me or give advice.
2. Ask questions that help me sort out my thoughts.
3. When I am ready, think with me about what I could do.
4. If I show any thoughts of harming myself, remind me to reach out promptly to someone I trust or to a professional crisis helpline.

How I feel right now and what I want to talk about:
[Write what you want to say]`,
    },
    {
      id: 'life-decision',
      title: '帮我做决定',
      subTitle: '把纠结的选择摆到桌面上',
      promt: `我正在纠结一个选择，请帮我理清思路。

请按以下步骤分析：
1. 帮我明确这次决定真正要满足的目标（可以先问我几个问题）；
2. 列出每个选项的利弊、成本和风险；
3. 用加权评分表比较各选项（说明权重是怎么定的）；
4. 指出我可能忽略的信息和可能的认知偏差；
5. 给出你的建议，但提醒我最终由我自己决定。

我的选择：【在此填写，例如：留在大城市还是回老家、接受 A 公司还是 B 公司的录用】
背景情况：【在此填写】`,
      en: `I'm torn over a choice; please help me think it through.

Please analyse it step by step:
1. Help me pin down what this decision really needs to achieve (feel free to ask me a few questions first).
2. List the pros and cons, costs and risks of each option.
3. Compare the options with a weighted scoring table (explain how you set the weights).
4. Point out information I may have overlooked and any cognitive biases I may have.
5. Give your recommendation, but remind me that the final decision is mine.

My options: [Fill in, e.g. stay in the big city or move back home, accept the offer from company A or company B]
Background: [Fill in the background]`,
    },
    {
      id: 'life-reply-eq',
      title: '高情商回复',
      subTitle: '不知道怎么回的消息',
      promt: `我收到一条消息，不知道该怎么回，请帮我想想。

要求：
1. 先分析对方这条消息可能的意图和情绪；
2. 给出 3 种不同风格的回复（例如：真诚直接、幽默化解、委婉拒绝），每种都要自然得体；
3. 说明每种回复可能带来的效果；
4. 提醒需要避免的说法。

对方是谁、和我的关系：【在此填写】
对方的消息：【在此粘贴】
我的真实想法：【在此填写】`,
      en: `I got a message and don't know how to reply; please help me think about it.

Requirements:
1. First, analyse what the sender probably intends and feels.
2. Give 3 replies in different styles (e.g. sincere and direct, defusing with humour, declining tactfully), each natural and appropriate.
3. Explain the likely effect of each reply.
4. Point out what I should avoid saying.

Who they are and how we're related: [Fill in who the sender is]
Their message: [Paste the message]
What I really think: [Fill in what you really think]`,
    },
  ],
};
