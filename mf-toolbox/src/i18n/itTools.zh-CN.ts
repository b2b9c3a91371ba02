/**
 * The IT tools' names (the pages' titles) and 工具集 (/toolPage); spread into zh-CN.ts. The rest of the
 * IT tools' text is src/itTools/i18n, loaded with the /itTools page rather than with every toolbox page.
 */
export const itToolsZhCN = {


  'it.tool.json.name': 'JSON 格式化',
  'it.tool.json-yaml.name': 'JSON ↔ YAML',
  'it.tool.base64.name': 'Base64 编解码',
  'it.tool.url.name': 'URL 编解码',
  'it.tool.html-entities.name': 'HTML 实体',
  'it.tool.hash.name': '哈希计算',
  'it.tool.hmac.name': 'HMAC 签名',
  'it.tool.uuid.name': 'UUID / ULID 生成',
  'it.tool.password.name': '密码生成器',
  'it.tool.jwt.name': 'JWT 解析',
  'it.tool.timestamp.name': '时间戳转换',
  'it.tool.cron.name': 'Cron 表达式',
  'it.tool.regex.name': '正则表达式测试',
  'it.tool.diff.name': '文本对比',
  'it.tool.case.name': '命名格式转换',
  'it.tool.text-stats.name': '字数统计',
  'it.tool.unicode.name': 'Unicode 查看器',
  'it.tool.number-base.name': '进制转换',
  'it.tool.rmb.name': '人民币大写',
  'it.tool.color.name': '颜色转换',
  'it.tool.qrcode.name': '二维码',
  'it.tool.base64-image.name': '图片 Base64',
  'it.tool.sql.name': 'SQL 格式化',
  'it.tool.markdown.name': 'Markdown 预览',


























  'tools.intro': '启明 AI 的全部工具，点击卡片即可打开。',
  'tools.group.create': 'AI 创作',
  'tools.group.converse': '对话与知识',
  'tools.group.work': '效率工具',
  'tools.group.help': '帮助',
  'tools.entry.itTools.name': 'IT 工具',
  'tools.entry.itTools.description': 'JSON、Base64、哈希、时间戳、正则等 {n} 个开发小工具',
  'tools.entry.whiteBoard.name': '白板',
  'tools.entry.whiteBoard.description': '自由绘制草图、流程图，整理思路',
  'tools.entry.paper.name': '论文检测',
  'tools.entry.paper.description': '检测论文重复率与 AI 生成痕迹，辅助修改',
  'tools.entry.painter.name': 'AI 绘画',
  'tools.entry.painter.description': '输入描述，生成插画、海报和照片风格图片',
  'tools.entry.video.name': 'AI 视频',
  'tools.entry.video.description': '用文字或图片生成短视频',
  'tools.entry.ppt.name': 'AI PPT',
  'tools.entry.ppt.description': '输入主题，自动生成大纲和演示文稿',
  'tools.entry.soundClone.name': '声音克隆',
  'tools.entry.soundClone.description': '录一段声音，用你的音色朗读任意文字',
  'tools.entry.knowledge.name': '知识库',
  'tools.entry.knowledge.description': '上传文档建立知识库，让 AI 按你的资料回答',
  'tools.entry.agents.name': '智能体',
  'tools.entry.agents.description': '浏览和创建各种用途的 AI 智能体',
  'tools.entry.resources.name': '资源导航',
  'tools.entry.resources.description': '精选 AI 网站与学习资源',
  'tools.entry.manual.name': '使用手册',
  'tools.entry.manual.description': '启明 AI 各项功能的使用说明',
  'tools.entry.faq.name': '常见问题',
  'tools.entry.faq.description': '账号、积分、充值等常见问题解答',
  'tools.entry.works.name': '我的作品',
  'tools.entry.works.description': '查看你生成的图片、视频等作品',
  'tools.entry.pdfChat.name': '文档对话',
  'tools.entry.pdfChat.description': '上传 PDF 等文档，就文档内容提问',
  'tools.entry.voice.name': '语音对话',
  'tools.entry.voice.description': '直接用语音和 AI 对话',
};
