import type { AnnouncementSeeds, SeedFacts } from './index.js';

/** The international site's first announcements: the domestic ones in English. */
export function englishSeeds({ inviteRewardPoints }: SeedFacts): AnnouncementSeeds {
  const points = inviteRewardPoints.toLocaleString('en-US');
  return {
    notice: {
      version: 146,
      maxShows: null,
      items: [
        {
          date: '2024-12-06',
          title: 'o1 is here',
          content: 'The full release of OpenAI o1 is now available: more rigorous reasoning for maths, code and science, and you can ask about images. Charged per request; a failed answer costs nothing.',
          model: 'o1',
        },
        {
          date: '2025-01-21',
          title: 'DeepSeek R1 reasoning model',
          content: 'DeepSeek-R1, the open reasoning model, is now available. It thinks before it answers and you can expand its reasoning; strong at maths and code, and inexpensive.',
          model: 'deepseek-reasoner',
        },
        {
          date: '2025-02-10',
          title: 'Billing moves from words to tokens',
          content: 'From February 2025, models that were charged by the word are charged by the tokens actually used, input and output counted separately. The model picker always shows current prices; basic plans and above still pay 80%.',
        },
        {
          date: '2025-02-18',
          title: 'Grok 3 is here',
          content: 'Grok 3 from xAI is now available, with fresher knowledge and better reasoning for everyday questions, writing and research.',
          model: 'grok-3',
        },
        {
          date: '2025-02-25',
          title: 'Claude 3.7 Sonnet is here',
          content: 'Claude 3.7 Sonnet from Anthropic is now available: better at coding, long-form writing and following complex instructions. A thinking edition that shows its reasoning is available too.',
          model: 'claude-3-7-sonnet',
        },
        {
          date: '2025-03-27',
          title: 'Gemini 2.5 Pro is here',
          content: "Google's Gemini 2.5 Pro is now available, with a very long context and image understanding; excellent for code, maths and long documents.",
          model: 'gemini-2.5-pro',
        },
        {
          date: '2025-05-23',
          title: 'Claude Sonnet 4 is here',
          content: 'Claude Sonnet 4 is now available: stronger coding, steadier on long tasks, and concise, accurate answers.',
          model: 'claude-sonnet-4',
        },
        {
          date: '2025-06-21',
          title: 'API access changes',
          content: 'Plans bought after 21 June no longer include API access; earlier plans are not affected. If you need the API, please use our API site (link below) for keys and documentation.',
        },
        {
          date: '2025-07-11',
          title: 'Grok 4 is here',
          content: "Grok 4, xAI's newest flagship, is now available with stronger reasoning and real-time knowledge. Charged per request.",
          model: 'grok-4',
        },
        {
          date: '2025-07-15',
          title: 'Where to find us',
          content: 'The original domain now serves domestic models only. For GPT, Claude, Gemini, Grok and other international models, please use the accelerated or international site linked below; your account and points work on both.',
        },
      ],
    },
    activity: {
      version: 1,
      maxShows: 2,
      title: `Invite friends: you both get ${points} points`,
      content: `Share your invite link. When a friend signs up and uses the product for the first time, you both get ${points} permanent points. Points work on every model, never expire and have no cap.`,
      link: null,
    },
    updates: {
      version: 1,
      items: [
        { date: '2025-05-20', title: 'Export and share conversations', content: 'Export a conversation as an image or a PDF, or copy a share link so friends can read the whole conversation.' },
        { date: '2025-06-10', title: 'Make-up simulator', content: 'Ten scenes, ten tries: calm your partner down until forgiveness reaches 100.', route: '/hong' },
        { date: '2025-06-28', title: 'Bigger sign-in streak rewards', content: 'Sign in every day for permanent points; the longer your streak, the bigger the reward.' },
        { date: '2025-07-08', title: 'A new model picker', content: 'Models grouped by vendor and purpose, with search, prices and strengths at a glance.', route: '/chatPage' },
      ],
    },
    promos: [
      { text: 'Members pay 80% of the points price', link: '/pay' },
      { text: 'Hundreds of AI apps in one place', link: '/toolBox/apps' },
      { text: 'Grok 4 is here: try it now', link: '/chatPage?model=grok-4' },
      { text: `Invite friends: you both get ${points} points`, link: null },
    ],
    top: { text: 'Limited offer: members pay 80% of the points price' },
  };
}
