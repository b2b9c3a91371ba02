import type { Translation } from '@qiming/sdk';
import type { itToolsZhCN } from './itTools.zh-CN';

/** The international build's text of IT Tools and Tools; spread into en-US.ts. */
export const itToolsEnUS: Translation<typeof itToolsZhCN> = {


  'it.tool.json.name': 'JSON formatter',
  'it.tool.json-yaml.name': 'JSON ↔ YAML',
  'it.tool.base64.name': 'Base64 encode / decode',
  'it.tool.url.name': 'URL encode / decode',
  'it.tool.html-entities.name': 'HTML entities',
  'it.tool.hash.name': 'Hashes',
  'it.tool.hmac.name': 'HMAC',
  'it.tool.uuid.name': 'UUID / ULID generator',
  'it.tool.password.name': 'Password generator',
  'it.tool.jwt.name': 'JWT decoder',
  'it.tool.timestamp.name': 'Timestamp converter',
  'it.tool.cron.name': 'Cron expressions',
  'it.tool.regex.name': 'Regex tester',
  'it.tool.diff.name': 'Text diff',
  'it.tool.case.name': 'Case converter',
  'it.tool.text-stats.name': 'Text statistics',
  'it.tool.unicode.name': 'Unicode inspector',
  'it.tool.number-base.name': 'Number bases',
  'it.tool.rmb.name': 'RMB in Chinese capitals',
  'it.tool.color.name': 'Colour converter',
  'it.tool.qrcode.name': 'QR codes',
  'it.tool.base64-image.name': 'Image Base64',
  'it.tool.sql.name': 'SQL formatter',
  'it.tool.markdown.name': 'Markdown preview',


























  'tools.intro': 'Every tool of Qiming AI; click a card to open it.',
  'tools.group.create': 'AI creation',
  'tools.group.converse': 'Chat and knowledge',
  'tools.group.work': 'Productivity',
  'tools.group.help': 'Help',
  'tools.entry.itTools.name': 'IT Tools',
  'tools.entry.itTools.description': '{n} developer tools: JSON, Base64, hashes, timestamps, regex…',
  'tools.entry.whiteBoard.name': 'Whiteboard',
  'tools.entry.whiteBoard.description': 'Sketch, draw diagrams and sort out ideas',
  'tools.entry.paper.name': 'Paper check',
  'tools.entry.paper.description': 'Check a paper for overlap and AI-written passages',
  'tools.entry.painter.name': 'AI painting',
  'tools.entry.painter.description': 'Describe it and get illustrations, posters or photos',
  'tools.entry.video.name': 'AI video',
  'tools.entry.video.description': 'Short videos from text or images',
  'tools.entry.ppt.name': 'AI slides',
  'tools.entry.ppt.description': 'A topic in, an outline and a slide deck out',
  'tools.entry.soundClone.name': 'Voice cloning',
  'tools.entry.soundClone.description': 'Record your voice and have any text read in it',
  'tools.entry.knowledge.name': 'Knowledge bases',
  'tools.entry.knowledge.description': 'Upload documents and let the AI answer from them',
  'tools.entry.agents.name': 'Agents',
  'tools.entry.agents.description': 'Browse and create AI agents for all kinds of jobs',
  'tools.entry.resources.name': 'Resources',
  'tools.entry.resources.description': 'Selected AI sites and learning resources',
  'tools.entry.manual.name': 'User manual',
  'tools.entry.manual.description': 'How to use every feature of Qiming AI',
  'tools.entry.faq.name': 'FAQ',
  'tools.entry.faq.description': 'Accounts, points, payments and other common questions',
  'tools.entry.works.name': 'My works',
  'tools.entry.works.description': 'The images, videos and more you made',
  'tools.entry.pdfChat.name': 'Document chat',
  'tools.entry.pdfChat.description': 'Upload a PDF or other document and ask about it',
  'tools.entry.voice.name': 'Voice chat',
  'tools.entry.voice.description': 'Talk to the AI by voice',
};
