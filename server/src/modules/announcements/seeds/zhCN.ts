import type { AnnouncementSeeds, SeedFacts } from './index.js';

/** The domestic site's first announcements (spec platform §1, §2, §4, §9: notice version 146, activity version 1). */
export function chineseSeeds({ inviteRewardPoints }: SeedFacts): AnnouncementSeeds {
  return {
    notice: {
      version: 146,
      maxShows: null,
      items: [
        {
          date: '2024-12-06',
          title: 'o1 正式版上线',
          content: 'OpenAI 推理模型 o1 正式版已接入：数学、编程和科学问题的推理更加严谨，支持上传图片提问。按次计费，未生成成功不扣积分。',
          model: 'o1',
        },
        {
          date: '2025-01-21',
          title: 'DeepSeek R1 推理模型上线',
          content: '深度求索开源推理模型 DeepSeek-R1 已接入。回答前会先进行深度思考，思考过程可展开查看；中文理解出色，数学与代码能力突出，价格实惠。',
          model: 'deepseek-reasoner',
        },
        {
          date: '2025-02-10',
          title: '计费方式调整：由按字数改为按 tokens 计费',
          content: '自 2025 年 2 月起，原按字数计费的模型改为按实际消耗的 tokens 计费，输入与输出分别计算，用多少扣多少。各模型的最新价格以模型选择器中显示的为准，基础套餐及以上用户仍享 8 折。',
        },
        {
          date: '2025-02-18',
          title: 'Grok 3 上线',
          content: 'xAI 新一代模型 Grok 3 已接入，知识更新、推理能力和中文对话表现全面提升，适合日常问答、写作和资料整理。',
          model: 'grok-3',
        },
        {
          date: '2025-02-25',
          title: 'Claude 3.7 Sonnet 上线',
          content: 'Anthropic 最新模型 Claude 3.7 Sonnet 已接入，编程、长文写作和复杂指令遵循明显提升；同时提供可展示思考过程的 Claude 3.7 思考版。',
          model: 'claude-3-7-sonnet',
        },
        {
          date: '2025-03-27',
          title: 'Gemini 2.5 Pro 上线',
          content: 'Google 新一代旗舰 Gemini 2.5 Pro 已接入，支持超长上下文和图片理解，擅长代码、数学与长文档分析。',
          model: 'gemini-2.5-pro',
        },
        {
          date: '2025-05-23',
          title: 'Claude Sonnet 4 上线',
          content: 'Claude Sonnet 4 已接入：编程能力更强，长任务更稳定，回答更加简洁准确，是写代码和改文章的好帮手。',
          model: 'claude-sonnet-4',
        },
        {
          date: '2025-06-21',
          title: 'API 服务调整',
          content: '6 月 21 日之后购买的套餐不再包含 API 调用；此前购买的套餐不受影响。需要 API 的用户请前往我们的 API 站点（见下方链接）获取密钥和文档。',
        },
        {
          date: '2025-07-11',
          title: 'Grok 4 上线',
          content: 'xAI 最新旗舰 Grok 4 已接入，推理和实时知识能力全面升级，按次计费，欢迎体验。',
          model: 'grok-4',
        },
        {
          date: '2025-07-15',
          title: '访问地址说明',
          content: '原域名今后仅提供国内模型服务。使用 GPT、Claude、Gemini、Grok 等海外模型，请通过下方的国内加速版或国际版入口访问，账号和积分通用。',
        },
      ],
    },
    activity: {
      version: 1,
      maxShows: 2,
      title: `邀请好友，双方各得 ${inviteRewardPoints} 积分`,
      content: `把你的专属邀请链接分享给好友，好友注册并首次使用后，你和好友各得 ${inviteRewardPoints} 永久积分。积分适用于所有模型，永不过期，上不封顶。`,
      link: null,
    },
    updates: {
      version: 1,
      items: [
        { date: '2025-05-20', title: '对话导出与分享', content: '对话可以导出为图片或 PDF，也可以复制分享链接，好友打开即可查看完整对话。' },
        { date: '2025-06-10', title: '哄哄模拟器上线', content: '十个情景、十次机会，在对方生气时把原谅值哄到 100 就算成功，快来试试你的沟通能力。', route: '/hong' },
        { date: '2025-06-28', title: '连续签到奖励升级', content: '每日签到领取永久积分，连续签到天数越多，奖励越高。' },
        { date: '2025-07-08', title: '模型选择器改版', content: '模型按厂商与用途分组，支持搜索，价格和能力一目了然。', route: '/chatPage' },
      ],
    },
    promos: [
      { text: '开通会员享 8 折积分价', link: '/pay' },
      { text: '数百款 AI 应用，一站直达', link: '/toolBox/apps' },
      { text: 'Grok 4 已上线，立即体验', link: '/chatPage?model=grok-4' },
      { text: `邀请好友，双方各得 ${inviteRewardPoints} 积分`, link: null },
    ],
    top: { text: '限时优惠：开通会员享 8 折积分价' },
  };
}
