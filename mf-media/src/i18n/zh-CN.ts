/** Every Chinese string this area shows (spec strings verbatim). */
export const zhCN = {
  'pages.painter': 'AI绘画',
  'pages.imageGen': 'AI绘图',
  'pages.gallery': '图片广场',
  'pages.video': 'AI视频',
  'pages.slides': 'AI-PPT',
  'pages.voiceClone': '声音克隆',
};
