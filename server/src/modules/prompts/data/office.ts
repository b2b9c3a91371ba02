import type { BuiltInPromptCategory } from './types.js';

export const office: BuiltInPromptCategory = {
  key: 'office',
  name: '职场办公',
  templates: [
    {
      id: 'office-weekly-report',
      title: '周报生成',
      subTitle: '把零散的工作记录整理成周报',
      promt: `请把我这周的工作记录整理成一份结构清晰的周报。

格式：
1. 本周完成（按重要程度排序，每条写清做了什么、结果如何，能量化的尽量量化）；
2. 进行中的工作及进度；
3. 遇到的问题与需要的支持；
4. 下周计划（3–5 条，具体可执行）。

要求：语言简洁专业，不夸大，不编造我没提到的内容。

我的工作记录：
【在此粘贴本周做过的事情，随便写即可】`,
      en: `Please turn my notes from this week into a clearly structured weekly report.

Format:
1. Done this week (most important first; for each item, say what was done and what came of it, with numbers wherever possible).
2. Work in progress and how far along it is.
3. Problems encountered and support needed.
4. Plan for next week (3–5 specific, actionable items).

Requirements: keep the language concise and professional; don't exaggerate, and don't add anything I haven't mentioned.

My notes:
[Paste what you did this week; rough notes are fine]`,
    },
    {
      id: 'office-email',
      title: '商务邮件',
      subTitle: '得体、清楚、一次说明白',
      promt: `请帮我写一封商务邮件。

要求：
1. 给出邮件主题行；
2. 正文开门见山，第一段说明来意，随后分点写清细节、时间节点和需要对方做的事；
3. 语气：【在此填写，例如：正式、友好、委婉催促】；
4. 结尾有明确的下一步，并附上得体的落款。

收件人及关系：【在此填写，例如：合作方项目经理，第一次联系】
邮件目的：【在此填写】
需要包含的信息：【在此填写时间、金额、附件等】`,
      en: `Please help me write a business email.

Requirements:
1. Give it a subject line.
2. Get straight to the point: state the purpose in the first paragraph, then set out the details, deadlines and what the recipient needs to do, point by point.
3. Tone: [Fill in, e.g. formal, friendly, a polite reminder].
4. End with a clear next step and an appropriate sign-off.

Recipient and relationship: [Fill in, e.g. project manager at a partner company, first contact]
Purpose of the email: [Fill in the purpose]
Information to include: [Fill in dates, amounts, attachments, etc.]`,
    },
    {
      id: 'office-meeting-minutes',
      title: '会议纪要',
      subTitle: '从聊天记录或速记整理纪要',
      promt: `请根据下面的会议记录整理一份会议纪要。

格式：
- 会议主题、时间、参会人（记录中没有的写"待补充"）；
- 讨论要点（按议题归纳，不逐字记录）；
- 形成的决议；
- 待办事项表格：事项 | 负责人 | 截止时间；
- 未决问题。

要求：客观中立，只整理记录中出现的信息，不补充猜测。

会议记录：
【在此粘贴会议速记、录音转写或群聊记录】`,
      en: `Please write up meeting minutes from the notes below.

Format:
- Subject, time and attendees (write "TBC" for anything not in the notes);
- Key points of discussion (grouped by topic, not verbatim);
- Decisions made;
- Action items as a table: Item | Owner | Deadline;
- Open questions.

Requirements: stay objective and neutral; include only what appears in the notes and add no guesses.

Meeting notes:
[Paste the meeting notes, transcript or group chat log]`,
    },
    {
      id: 'office-okr',
      title: 'OKR 制定',
      subTitle: '目标清楚，关键结果可衡量',
      promt: `你是一位熟悉 OKR 方法的管理顾问。请帮我为下个【在此填写周期，例如：季度】制定 OKR。

要求：
1. 给出 2–3 个目标（O），每个目标鼓舞人心、方向明确；
2. 每个目标下 3–4 个关键结果（KR），必须可衡量、有数字和期限；
3. 每个 KR 附一条主要行动建议；
4. 最后指出这份 OKR 中最可能落空的一项及预防办法。

我的岗位：【在此填写】
团队/个人现状：【在此填写当前的情况和数据】
希望重点突破的方向：【在此填写】`,
      en: `You are a management consultant who knows the OKR method well. Please help me set OKRs for the next [Fill in the period, e.g. quarter].

Requirements:
1. Give 2–3 objectives (O), each inspiring and clear in direction.
2. Under each objective, give 3–4 key results (KR) that are measurable, with numbers and deadlines.
3. Add one main suggested action for each KR.
4. Finally, point out the item in these OKRs most likely to fall short, and how to prevent it.

My role: [Fill in your role]
Where the team or I stand now: [Fill in the current situation and figures]
Where I most want a breakthrough: [Fill in the focus]`,
    },
    {
      id: 'office-ppt-outline',
      title: 'PPT 大纲',
      subTitle: '逐页规划汇报内容',
      promt: `请为下面的汇报设计一份 PPT 大纲。

要求：
1. 共 10–15 页，逐页列出：页面标题、这一页要传达的一句话结论、页面上的要点（不超过 4 条）、建议的图表或配图形式；
2. 结构遵循"结论先行"：先讲结论和建议，再讲依据；
3. 第一页是标题页，最后一页是总结与下一步。

汇报主题：【在此填写】
汇报对象：【在此填写，例如：部门领导、客户】
时长：【在此填写分钟数】
主要素材：【在此粘贴数据、结论或文字材料】`,
      en: `Please design a slide outline for the presentation below.

Requirements:
1. 10–15 slides in all; for each slide, list the slide title, the one-sentence takeaway it should convey, the key points on it (no more than 4) and a suggested chart or image.
2. Follow "conclusion first": present conclusions and recommendations before the supporting evidence.
3. The first slide is the title slide and the last is the summary and next steps.

Topic: [Fill in the topic]
Audience: [Fill in, e.g. department heads, a client]
Length: [Fill in the number of minutes]
Main material: [Paste the data, findings or text]`,
    },
    {
      id: 'office-resume',
      title: '简历优化',
      subTitle: '用成果说话，贴合目标岗位',
      promt: `你是一位资深招聘经理。请帮我优化下面的简历内容，使它更匹配目标岗位。

要求：
1. 每段经历改写为"动作 + 方法 + 可量化的结果"的句式；
2. 突出与目标岗位相关的技能和经历，弱化无关内容；
3. 指出简历中的空泛表述、缺失信息和可能让面试官起疑的地方；
4. 不编造经历和数据，需要我补充数据的地方用【待补充】标出。

目标岗位：【在此填写岗位名称和职位描述】
我的简历：
【在此粘贴简历内容】`,
      en: `You are a senior hiring manager. Please improve the résumé below so that it fits the target role better.

Requirements:
1. Rewrite each experience as "action + method + measurable result".
2. Highlight the skills and experience relevant to the target role and play down what is not.
3. Point out vague statements, missing information and anything that might make an interviewer suspicious.
4. Don't invent experience or figures; mark places where I need to add figures with [TO ADD].

Target role: [Fill in the job title and job description]
My résumé:
[Paste your résumé]`,
    },
    {
      id: 'office-report-up',
      title: '向上汇报',
      subTitle: '让领导一分钟听懂你的事',
      promt: `请帮我把下面的情况整理成一段向领导汇报的话，可以口头说，也可以发消息。

要求：
1. 第一句话就说结论或需要领导做的决定；
2. 接着用 2–3 点说明原因和关键数据；
3. 如果有问题，同时给出 2 个可选方案和我的推荐；
4. 全文不超过 200 字，语气专业、不卑不亢。

我要汇报的事情：
【在此填写事情的来龙去脉】`,
      en: `Please help me turn the situation below into an update for my manager, one I could give in person or send as a message.

Requirements:
1. Open with the conclusion, or with the decision I need from my manager.
2. Then give the reasons and key figures in 2–3 points.
3. If there is a problem, offer 2 options along with my recommendation.
4. Keep it under 150 words, professional in tone, neither servile nor defensive.

What I need to report:
[Fill in the whole story of what happened]`,
    },
    {
      id: 'office-excel-formula',
      title: 'Excel 公式',
      subTitle: '描述需求，得到能直接用的公式',
      promt: `请帮我写一个 Excel（或 WPS 表格）公式。

请给出：
1. 可以直接粘贴使用的公式；
2. 公式每一部分的含义；
3. 如果有更简单的做法（例如数据透视表、筛选），也一并说明；
4. 常见的出错原因和排查方法。

我的表格结构：【在此描述，例如：A 列是日期，B 列是销售员，C 列是金额】
我想实现：【在此填写，例如：统计每个销售员 3 月份的总金额】
软件版本：【在此填写，例如：Excel 2016、Microsoft 365、WPS】`,
      en: `Please help me write a formula for Excel (or a similar spreadsheet such as Google Sheets or WPS).

Please give:
1. A formula I can paste in and use directly.
2. What each part of the formula means.
3. A simpler alternative, if there is one (e.g. a pivot table or a filter).
4. Common reasons it might go wrong and how to troubleshoot them.

My sheet's layout: [Fill in the layout, e.g. column A is the date, column B the salesperson, column C the amount]
What I want to do: [Fill in, e.g. total each salesperson's sales for March]
Software and version: [Fill in, e.g. Excel 2016, Microsoft 365, Google Sheets]`,
    },
  ],
};
