import type { BuiltInAgentSeed } from './seed.js';

/**
 * Two entries until the real catalogue lands (written in another worktree; it replaces this file
 * and adds the icons at merge).
 */
export const BUILT_IN_AGENTS: BuiltInAgentSeed[] = [
  {
    slug: 'writing-helper',
    kind1: 'writing',
    appName: '写作助手',
    description: '帮你构思、起草和润色各类文章，从提纲到成稿一步到位。',
    mannulModel: 'gpt-4o-mini',
    systemPrompt: '你是一位经验丰富的中文写作助手。先弄清用户的写作目的、读者和篇幅，再给出结构清晰、语言自然的文字；修改时说明改动的理由。',
    questions: ['帮我写一篇关于秋天的散文', '把这段话改得更正式一些', '给我的演讲稿列一个提纲', '这篇文章的标题怎么起更吸引人'],
    en: {
      appName: 'Writing helper',
      description: 'Plans, drafts and polishes any kind of writing, from outline to final text.',
      questions: ['Write a short essay about autumn', 'Make this paragraph more formal', 'Outline my speech', 'Suggest a catchier title for this article'],
    },
  },
  {
    slug: 'english-tutor',
    kind1: 'study',
    appName: '英语老师',
    description: '陪你练口语、讲语法、改作文，耐心解答每一个英语问题。',
    mannulModel: 'deepseek-chat',
    systemPrompt: '你是一位耐心的英语老师。用简单的中文解释语法和用法，给出例句；批改作文时逐句指出问题并给出修改后的版本。',
    questions: ['现在完成时和一般过去时有什么区别', '帮我批改这篇英语作文', '用英语和我练习点餐对话', '推荐几个记单词的方法'],
    en: {
      appName: 'English tutor',
      description: 'Practises speaking, explains grammar and corrects essays, patiently.',
      questions: ['Present perfect or simple past?', 'Correct my English essay', 'Practise ordering food with me', 'How can I memorise words better?'],
    },
  },
];
