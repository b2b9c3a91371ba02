import type { BuiltInPromptCategory } from './types.js';

export const learning: BuiltInPromptCategory = {
  key: 'learning',
  name: '学习教育',
  templates: [
    {
      id: 'learning-feynman',
      title: '费曼学习法',
      subTitle: '用最简单的话讲懂一个概念',
      promt: `请用费曼学习法帮我理解一个概念。

步骤：
1. 用一个十二岁孩子也能听懂的语言解释它，不用专业术语；
2. 给出一个生活中的类比；
3. 再用专业的方式准确地解释一遍，指出类比不完全贴切的地方；
4. 列出初学者最常见的 3 个误解；
5. 最后出 3 道小题检查我是否真的懂了（答案放在最后）。

我想理解的概念：【在此填写，例如：边际效用、傅里叶变换、复利】`,
      en: `Please help me understand a concept using the Feynman technique.

Steps:
1. Explain it in words a twelve-year-old could follow, without jargon.
2. Give an everyday analogy.
3. Explain it again, precisely and in proper terms, pointing out where the analogy falls short.
4. List the 3 most common misconceptions beginners have.
5. Finally, set 3 short questions to check whether I really understand it (answers at the very end).

The concept I want to understand: [Fill in, e.g. marginal utility, the Fourier transform, compound interest]`,
    },
    {
      id: 'learning-plan',
      title: '学习计划',
      subTitle: '按周安排、可执行的计划',
      promt: `请帮我制定一份学习计划。

要求：
1. 先评估目标是否现实，如不现实请说明并给出调整建议；
2. 按周列出学习内容、推荐的练习方式和阶段检验方法；
3. 每天的任务量符合我可用的时间；
4. 标出最容易放弃的阶段，并给出坚持下去的具体办法；
5. 推荐学习资源时只给类型和挑选标准，不要编造具体的书名链接。

学习目标：【在此填写，例如：三个月通过英语六级、学会 Python 数据分析】
目前水平：【在此填写】
每天可用时间：【在此填写】`,
      en: `Please help me make a study plan.

Requirements:
1. First assess whether the goal is realistic; if it is not, say so and suggest how to adjust it.
2. Lay out, week by week, what to study, how to practise and how to check progress at each stage.
3. Fit each day's workload to the time I have.
4. Mark the stage where people are most likely to give up, with concrete ways to keep going.
5. When recommending resources, give only the kind of resource and how to choose one; don't make up specific titles or links.

Goal: [Fill in, e.g. reach IELTS 7 in three months, learn data analysis with Python]
Current level: [Fill in your current level]
Time available each day: [Fill in the time]`,
    },
    {
      id: 'learning-quiz',
      title: '出题自测',
      subTitle: '根据材料出题，检验掌握程度',
      promt: `请根据下面的学习材料出一套自测题。

要求：
1. 单选题 5 道、判断题 3 道、简答题 2 道；
2. 题目覆盖材料中的重点，由易到难，不考材料里没有的内容；
3. 单选题的干扰项要有迷惑性；
4. 先只给题目，等我作答后再批改并讲解，不要提前给答案。

学习材料：
【在此粘贴笔记、课文或章节内容】`,
      en: `Please write a self-test quiz based on the study material below.

Requirements:
1. 5 multiple-choice questions, 3 true/false questions and 2 short-answer questions.
2. Cover the key points of the material, from easy to hard, and test nothing that isn't in it.
3. Make the wrong options in the multiple-choice questions plausible.
4. Give only the questions at first; after I answer, mark my answers and explain them. Don't reveal the answers in advance.

Study material:
[Paste your notes, the text or the chapter]`,
    },
    {
      id: 'learning-homework-coach',
      title: '作业辅导',
      subTitle: '一步步引导，不直接给答案',
      promt: `请像一位耐心的老师一样辅导我做这道题。

规则：
1. 不要直接给出答案；
2. 先问我已经想到了哪一步，再根据我的回答给出提示；
3. 每次只给一个小提示，提示由弱到强；
4. 我做出来以后，帮我总结这类题的通用解题思路和易错点。

年级/科目：【在此填写，例如：初二数学】
题目：
【在此填写题目】`,
      en: `Please tutor me through this problem like a patient teacher.

Rules:
1. Don't give me the answer directly.
2. First ask how far I have got, then give a hint based on my reply.
3. Give only one small hint at a time, from subtle to more direct.
4. Once I have solved it, help me sum up the general approach to this kind of problem and its common pitfalls.

Grade and subject: [Fill in, e.g. 8th-grade maths]
Problem:
[Fill in the problem]`,
    },
    {
      id: 'learning-knowledge-map',
      title: '知识梳理',
      subTitle: '把一章内容整理成知识框架',
      promt: `请帮我把下面的内容整理成一份知识框架，方便复习。

要求：
1. 用多级列表呈现，一级是主题，二级是核心概念，三级是要点或公式；
2. 标出重点（★）和易错点（⚠）；
3. 写出各概念之间的联系；
4. 最后给出一份 5 分钟就能过一遍的精简版。

科目/章节：【在此填写】
内容：
【在此粘贴课本内容或笔记】`,
      en: `Please organise the content below into a knowledge framework for revision.

Requirements:
1. Use a multi-level list: topics at the first level, core concepts at the second, key points or formulas at the third.
2. Mark key points (★) and common mistakes (⚠).
3. Explain how the concepts connect to one another.
4. Finally, give a condensed version I can go through in 5 minutes.

Subject/chapter: [Fill in the subject and chapter]
Content:
[Paste the textbook content or your notes]`,
    },
    {
      id: 'learning-essay-grading',
      title: '作文批改',
      subTitle: '像阅卷老师一样打分和点评',
      promt: `请像一位经验丰富的语文老师一样批改这篇作文。

请给出：
1. 按【在此填写考试或年级，例如：高考、中考、小学五年级】的评分标准给出分数和评分理由；
2. 优点（至少 2 条，结合原文）；
3. 问题（立意、结构、语言、书写规范等，结合原文具体指出）；
4. 选取 2–3 处原句给出修改示范；
5. 一句话的提升建议。

作文题目：【在此填写】
作文内容：
【在此粘贴作文】`,
      en: `Please mark this essay like an experienced writing teacher.

Please give:
1. A score and the reasons for it, by the marking standard for [Fill in the exam or grade, e.g. SAT essay, GCSE English, 5th grade].
2. Strengths (at least 2, with reference to the text).
3. Problems (theme, structure, language, conventions, etc.), pointed out specifically with reference to the text.
4. Model revisions of 2–3 sentences from the essay.
5. One sentence of advice on how to improve.

Essay title or prompt: [Fill in the title]
Essay:
[Paste the essay]`,
    },
    {
      id: 'learning-explain-to-kids',
      title: '给孩子讲明白',
      subTitle: '把复杂问题讲成孩子听得懂的话',
      promt: `我的孩子问了我一个问题，请帮我用适合他年龄的方式回答。

要求：
1. 答案准确，不为了简单而说错；
2. 用孩子熟悉的事物打比方，句子短；
3. 附一个在家就能做的小实验或小游戏帮助理解（如果合适）；
4. 最后给我一个可以继续和孩子聊下去的问题。

孩子的年龄：【在此填写】
孩子的问题：【在此填写，例如：为什么天是蓝的？人为什么要睡觉？】`,
      en: `My child asked me a question; please help me answer it in a way that suits their age.

Requirements:
1. Keep the answer accurate; don't get it wrong for the sake of simplicity.
2. Compare it with things the child knows, in short sentences.
3. Add a small experiment or game we can do at home to help them understand (if one fits).
4. Finally, give me a question I can ask to keep the conversation going.

Child's age: [Fill in the age]
Child's question: [Fill in, e.g. Why is the sky blue? Why do we need to sleep?]`,
    },
  ],
};
