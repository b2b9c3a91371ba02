import { Document, HeadingLevel, LevelFormat, Packer, Paragraph, Table, TableCell, TableRow, TextRun, AlignmentType } from 'docx';

/** A Word document for the tests, made with the `docx` package: headings, paragraphs, a bulleted and a numbered list, a table, Chinese text. */
export async function sampleDocx(options: { filler?: number } = {}): Promise<Buffer> {
  const filler = Array.from({ length: options.filler ?? 0 }, (_, i) => new Paragraph(`第 ${i + 1} 段补充说明：本制度适用于公司全体员工，包括试用期员工与实习生，解释权归人力资源部所有。`));
  const cell = (text: string) => new TableCell({ children: [new Paragraph(text)] });
  const doc = new Document({
    numbering: { config: [{ reference: 'steps', levels: [{ level: 0, format: LevelFormat.DECIMAL, text: '%1.', alignment: AlignmentType.START }] }] },
    sections: [
      {
        children: [
          new Paragraph({ text: '员工手册', heading: HeadingLevel.HEADING_1 }),
          new Paragraph({ children: [new TextRun('欢迎加入启明科技。本手册说明考勤、休假与报销制度（version 2.1）。')] }),
          new Paragraph({ text: '第一章 考勤制度', heading: HeadingLevel.HEADING_2 }),
          new Paragraph('工作时间为每周一至周五上午九点至下午六点，午休一小时。'),
          new Paragraph({ text: '迟到十分钟以内不扣薪', bullet: { level: 0 } }),
          new Paragraph({ text: '连续迟到三次记警告一次', bullet: { level: 0 } }),
          ...filler,
          new Paragraph({ text: '第二章 年假规定', heading: HeadingLevel.HEADING_2 }),
          new Paragraph({ text: '在系统中提交年假申请', numbering: { reference: 'steps', level: 0 } }),
          new Paragraph({ text: '直属经理审批后生效', numbering: { reference: 'steps', level: 0 } }),
          new Table({
            rows: [
              new TableRow({ children: [cell('工龄'), cell('年假天数')] }),
              new TableRow({ children: [cell('满一年不满十年'), cell('五天')] }),
              new TableRow({ children: [cell('满十年'), cell('十天带薪年假')] }),
            ],
          }),
          new Paragraph('未休完的年假可顺延至次年三月底。'),
        ],
      },
    ],
  });
  return Packer.toBuffer(doc);
}
