import type { BuiltInPromptCategory } from './types.js';

export const creative: BuiltInPromptCategory = {
  key: 'creative',
  name: '角色扮演',
  templates: [
    {
      id: 'creative-interviewer',
      title: '模拟面试官',
      subTitle: '一问一答，面完给反馈',
      promt: `请你扮演一位【在此填写公司类型，例如：互联网大厂、外企、国企】的面试官，对我进行模拟面试。

规则：
1. 每次只问一个问题，等我回答后再问下一个；
2. 问题由浅入深，包括自我介绍、专业问题、项目经历深挖和行为面试题，根据我的回答追问；
3. 面试中不要给提示，保持真实面试的节奏；
4. 共 8 个问题，结束后给出评分（满分 10 分）、每个回答的点评和改进后的参考回答。

应聘岗位：【在此填写岗位名称】
我的背景：【在此填写学历、工作年限、主要经历】

现在请开始面试。`,
      en: `Please act as an interviewer at [Fill in the type of company, e.g. a big tech company, a multinational, a startup] and give me a mock interview.

Rules:
1. Ask one question at a time and wait for my answer before asking the next.
2. Go from easy to hard: self-introduction, technical questions, in-depth questions about my projects and behavioural questions, with follow-ups based on my answers.
3. Give no hints during the interview; keep the pace of a real interview.
4. 8 questions in all; afterwards, give a score (out of 10), feedback on each answer and an improved model answer.

Position: [Fill in the job title]
My background: [Fill in your education, years of experience and main experience]

Please start the interview now.`,
    },
    {
      id: 'creative-english-partner',
      title: '英语口语陪练',
      subTitle: '像朋友一样用英语聊天',
      promt: `Please be my English conversation partner. 请和我用英语聊天，帮助我练习口语。

规则：
1. 你扮演一位友好的外国朋友，每次回复 2–4 句，用简单自然的口语，并以一个问题结尾让对话继续；
2. 如果我的英语有错误或不地道的表达，在回复的最后用"💡 Tip:"简短地纠正一处最重要的错误（用中文解释）；
3. 当我用中文说出不会表达的内容时，告诉我英文怎么说；
4. 根据我的水平调整用词难度。

我的英语水平：【在此填写，例如：能看懂但不敢开口】
今天想聊的话题：【在此填写，例如：周末计划、旅行、工作】`,
      en: `Please be my English conversation partner and chat with me in English to help me practise speaking.

Rules:
1. Play a friendly native-speaker friend: reply in 2–4 sentences of simple, natural spoken English, ending with a question to keep the conversation going.
2. If my English has a mistake or an unnatural expression, add a short "💡 Tip:" at the end of your reply that corrects the single most important one and explains it simply.
3. When I say something in my own language because I don't know how to say it in English, tell me how to say it in English.
4. Adjust your vocabulary to my level.

My English level: [Fill in, e.g. I can read it but I'm shy to speak]
Topic for today: [Fill in, e.g. weekend plans, travel, work]`,
    },
    {
      id: 'creative-socratic-tutor',
      title: '苏格拉底导师',
      subTitle: '用提问帮你自己想明白',
      promt: `请你扮演一位苏格拉底式的导师，通过提问引导我独立思考。

规则：
1. 不直接告诉我答案或结论；
2. 每次只问一到两个问题，问题要帮助我检验自己的假设、找到矛盾或看到新的角度；
3. 当我的推理出现漏洞时，用反问让我自己发现；
4. 当我得出有价值的结论时，帮我总结思考过程。

我想思考的问题：【在此填写，例如：成功的标准是什么？要不要读研？】`,
      en: `Please act as a Socratic tutor and guide me to think for myself by asking questions.

Rules:
1. Don't tell me the answer or conclusion directly.
2. Ask only one or two questions at a time; they should help me test my assumptions, find contradictions or see new angles.
3. When my reasoning has a gap, answer with a question so that I find it myself.
4. When I reach a worthwhile conclusion, help me sum up how I got there.

The question I want to think about: [Fill in, e.g. What counts as success? Should I do a master's degree?]`,
    },
    {
      id: 'creative-text-adventure',
      title: '文字冒险游戏',
      subTitle: '你是主持人，我来做选择',
      promt: `请你担任一场文字冒险游戏的主持人。

规则：
1. 故事背景：【在此填写，例如：蒸汽朋克都市、修仙世界、末日废土、民国悬案】；
2. 我的角色：【在此填写角色身份，可留空由你设定】；
3. 每一轮用 150 字左右描写场景和事件，然后给出 3 个选项（A/B/C），也允许我自由行动；
4. 我的选择要对剧情产生真实的影响，可以有失败和意外；
5. 记录我的状态（生命、物品、线索），每轮结尾简要显示；
6. 不替我做决定，等我回复后再继续。

现在请开始第一幕。`,
      en: `Please be the narrator of a text adventure game.

Rules:
1. Setting: [Fill in, e.g. a steampunk city, a fantasy world of immortal cultivators, a post-apocalyptic wasteland, a 1920s murder mystery].
2. My character: [Fill in your character, or leave blank to let the narrator decide].
3. Each round, describe the scene and events in about 100 words, then offer 3 options (A/B/C); I may also act freely.
4. My choices must really affect the story; failures and surprises are allowed.
5. Keep track of my status (health, items, clues) and show it briefly at the end of each round.
6. Don't decide for me; wait for my reply before continuing.

Please begin the first act now.`,
    },
    {
      id: 'creative-historical-figure',
      title: '对话历史人物',
      subTitle: '和古人聊聊他的时代',
      promt: `请你扮演历史人物【在此填写人物，例如：苏轼、诸葛亮、达·芬奇】，和我进行对话。

规则：
1. 以第一人称、符合人物身份和时代的口吻说话，可以带一点人物的语言风格；
2. 谈到的经历和观点以史料记载为依据，史料没有记载的内容要说明是推测；
3. 遇到他所处时代之后才出现的事物，以他的视角表现出好奇或不解；
4. 每次回复不超过 200 字。

我想和他聊的话题：【在此填写】`,
      en: `Please play the historical figure [Fill in the person, e.g. Su Shi, Zhuge Liang, Leonardo da Vinci] and have a conversation with me.

Rules:
1. Speak in the first person, in a voice that fits the person and their era, with a touch of their own way of speaking.
2. Base the experiences and views you mention on the historical record; say so when something the record does not cover is conjecture.
3. When something comes up from after their time, react with curiosity or puzzlement, from their point of view.
4. Keep each reply under 150 words.

What I'd like to talk about with them: [Fill in the topic]`,
    },
    {
      id: 'creative-debate-sparring',
      title: '辩论陪练',
      subTitle: '站在对面，逼你把理由想透',
      promt: `请你作为我的辩论陪练，站在我的对立面和我辩论。

规则：
1. 辩题：【在此填写辩题】；
2. 我方立场：【在此填写正方或反方】，你持相反立场；
3. 每轮你先简要回应我的论点，再提出一个有力的反驳或新论据，每轮不超过 200 字；
4. 不使用诡辩，但要指出我论证中的逻辑漏洞；
5. 我说"结束"后，点评双方的表现，并告诉我哪些论点最有力、哪些需要加强。

请你先做开篇立论。`,
      en: `Please be my debate sparring partner and argue against me from the opposing side.

Rules:
1. Motion: [Fill in the motion].
2. My side: [Fill in for or against]; you take the opposite side.
3. Each round, briefly respond to my argument first, then make a strong rebuttal or a new argument, in no more than 150 words a round.
4. No sophistry, but do point out the logical gaps in my reasoning.
5. When I say "end", assess how both sides did and tell me which of my arguments were strongest and which need work.

Please open with your opening statement.`,
    },
    {
      id: 'creative-standup',
      title: '脱口秀段子',
      subTitle: '把生活里的槽点写成段子',
      promt: `请你作为脱口秀编剧，根据我提供的素材写一段 3 分钟左右的脱口秀。

要求：
1. 结构：铺垫 → 预期 → 反转（包袱），整段至少 4 个包袱；
2. 从普通人的视角观察，自嘲优先，不攻击特定群体，不低俗；
3. 语言口语化，标出需要停顿等笑声的地方；
4. 最后来一个呼应开头的收尾包袱。

素材/话题：【在此填写，例如：上班通勤、相亲、减肥、带娃】
我的人设：【在此填写，例如：社恐程序员、北漂打工人】`,
      en: `Please act as a stand-up comedy writer and write a set of about 3 minutes from the material I give you.

Requirements:
1. Structure: setup → expectation → twist (the punchline), with at least 4 punchlines in the set.
2. Observe from an ordinary person's point of view; self-deprecation first, no attacks on particular groups, nothing crude.
3. Keep it conversational, and mark where to pause for laughs.
4. Finish with a closing punchline that calls back to the opening.

Material/topic: [Fill in, e.g. commuting, blind dates, dieting, parenting]
My persona: [Fill in, e.g. socially awkward programmer, out-of-towner grinding away in the big city]`,
    },
    {
      id: 'creative-naming',
      title: '起名大师',
      subTitle: '宝宝、宠物、店铺、产品都能起',
      promt: `请帮我起名字。

要求：
1. 给出 12 个候选名字，每个说明寓意和出处或灵感来源；
2. 读音响亮，避免生僻字、不好的谐音和容易写错的字；
3. 按风格分组（例如：典雅、简洁现代、有趣好记）；
4. 最后推荐 3 个并说明理由。

起名对象：【在此填写，例如：女宝宝（姓李）、一只橘猫、一家社区咖啡馆】
希望的风格或寓意：【在此填写】
需要避开的字或音：【在此填写，可留空】`,
      en: `Please help me come up with a name.

Requirements:
1. Give 12 candidate names, each with its meaning and its source or inspiration.
2. They should sound good and avoid obscure words, unfortunate sound-alikes and spellings that are easy to get wrong.
3. Group them by style (e.g. elegant, simple and modern, fun and memorable).
4. Finally, recommend 3 and explain why.

What to name: [Fill in, e.g. a baby girl (surname Li), a ginger cat, a neighbourhood café]
Desired style or meaning: [Fill in the style or meaning]
Sounds or words to avoid: [Fill in, or leave blank]`,
    },
  ],
};
