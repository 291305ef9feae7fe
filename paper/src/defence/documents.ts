/** The speech and the questions as .docx: Times New Roman 14, 1.5 spacing, as the paper itself. */
import { AlignmentType, Document, HeadingLevel, LineRuleType, Packer, Paragraph, TextRun } from 'docx';
import { BODY_SIZE, FIRST_LINE, FONT, LINE_1_5, MARGINS } from '../gost/constants.ts';
import { DEFENCE_TOPICS, type DefenceTopic } from '../writer/types.ts';
import type { KitPaper } from './paper.ts';
import type { KitQuestion } from './questions.ts';
import type { Speech } from './speech.ts';

const TOPIC_TITLES: Record<DefenceTopic, string> = {
  relevance: 'Актуальность и цель работы',
  novelty: 'Новизна и значимость',
  methods: 'Объект, предмет и методы',
  sources: 'Источники и теоретическая основа',
  limitations: 'Проблемы и ограничения',
  practice: 'Практическое применение',
  numbers: 'Цифры и данные',
};

function document(title: string, subject: string, children: Paragraph[]): Document {
  return new Document({
    title,
    subject,
    creator: 'Сервис академических работ',
    styles: {
      default: {
        document: {
          run: { font: FONT, size: BODY_SIZE },
          paragraph: { spacing: { line: LINE_1_5, lineRule: LineRuleType.AUTO, before: 0, after: 0 }, alignment: AlignmentType.JUSTIFIED },
        },
        heading1: {
          run: { font: FONT, size: BODY_SIZE + 4, bold: true, color: '000000' },
          paragraph: { alignment: AlignmentType.CENTER, spacing: { after: 120 } },
        },
        heading2: {
          run: { font: FONT, size: BODY_SIZE, bold: true, color: '000000' },
          paragraph: { spacing: { before: 240, after: 60 }, keepNext: true },
        },
      },
    },
    sections: [
      {
        properties: { page: { margin: { top: MARGINS.top, bottom: MARGINS.bottom, left: MARGINS.left, right: MARGINS.right } } },
        children,
      },
    ],
  });
}

const text = (t: string, opts: { indent?: boolean; italics?: boolean; center?: boolean } = {}) =>
  new Paragraph({
    alignment: opts.center ? AlignmentType.CENTER : AlignmentType.JUSTIFIED,
    indent: opts.indent === false ? undefined : { firstLine: FIRST_LINE },
    children: [new TextRun({ text: t, italics: opts.italics })],
  });

const minutes = (words: number) => Math.max(1, Math.round(words / 130));

/** «Доклад к защите», divided by slide. */
export async function speechDocx(paper: KitPaper, speech: Speech): Promise<Buffer> {
  const children = [
    new Paragraph({ heading: HeadingLevel.HEADING_1, children: [new TextRun('Доклад к защите')] }),
    text(`«${paper.title}»`, { center: true, indent: false }),
    text(
      `Объём: ${speech.words} слов, около ${minutes(speech.words)} минут в спокойном темпе. Номер слайда стоит перед тем, что говорится на нём.`,
      {
        italics: true,
        indent: false,
      },
    ),
    ...speech.parts.flatMap((p) => [
      new Paragraph({ heading: HeadingLevel.HEADING_2, children: [new TextRun(`Слайд ${p.slide}. ${p.title}`)] }),
      text(p.sentences.join(' ')),
    ]),
  ];
  return Packer.toBuffer(document('Доклад к защите', paper.title, children));
}

/** The questions by topic, each with its answer and where it stands in the paper. */
export async function questionsDocx(paper: KitPaper, questions: KitQuestion[]): Promise<Buffer> {
  const children = [
    new Paragraph({ heading: HeadingLevel.HEADING_1, children: [new TextRun('Вопросы комиссии и ответы')] }),
    text(`«${paper.title}»`, { center: true, indent: false }),
    text(
      'Вопросы, которые чаще всего задают на защите, с краткими ответами по тексту работы. После ответа указана страница работы, где об этом сказано.',
      {
        italics: true,
        indent: false,
      },
    ),
  ];
  let n = 0;
  for (const topic of DEFENCE_TOPICS) {
    const list = questions.filter((q) => q.topic === topic);
    if (!list.length) continue;
    children.push(new Paragraph({ heading: HeadingLevel.HEADING_2, children: [new TextRun(TOPIC_TITLES[topic])] }));
    for (const q of list) {
      n++;
      children.push(
        new Paragraph({ spacing: { before: 120 }, keepNext: true, children: [new TextRun({ text: `${n}. ${q.question}`, bold: true })] }),
        new Paragraph({
          indent: { firstLine: FIRST_LINE },
          children: [new TextRun({ text: 'Ответ: ', italics: true }), new TextRun(q.answer)],
        }),
        new Paragraph({
          indent: { firstLine: FIRST_LINE },
          children: [
            new TextRun({
              text:
                `В работе: с. ${q.page}, ${q.where}.` +
                (q.evidence
                  ? ` Источник: «Отчёт об источниках», ссылка № ${q.evidence.n} (работа ${q.evidence.work} списка${q.evidence.page ? `, с. ${q.evidence.page}` : ''}).`
                  : ''),
              italics: true,
            }),
          ],
        }),
      );
    }
  }
  return Packer.toBuffer(document('Вопросы комиссии и ответы', paper.title, children));
}
