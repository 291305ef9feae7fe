/**
 * The appendix that states how AI assisted (what more universities now ask for): which work the
 * service did (search and selection of sources, drafting of the text, typesetting) and what the
 * author must verify before defending the work. The text refers to it, as GOST asks of every appendix.
 */
import type { DocAppendix } from './types.ts';

export const AI_APPENDIX_TITLE = 'Сведения об использовании технологий искусственного интеллекта';

/** "1 источник", "3 источника", "25 источников". */
function sourcesWord(n: number): string {
  const last = n % 10;
  const lastTwo = n % 100;
  if (last === 1 && lastTwo !== 11) return 'источник';
  if (last >= 2 && last <= 4 && (lastTwo < 12 || lastTwo > 14)) return 'источника';
  return 'источников';
}

export function aiAppendix(
  letter: string,
  /** `invented`: listed works the development stand-in of the databases made up. */
  options: { writer: 'llm' | 'offline' | 'manual'; sources: number; invented?: number },
): DocAppendix {
  const drafted =
    options.writer === 'offline'
      ? 'Текст разделов сформирован офлайн-генератором без языковой модели и служит только для проверки сервиса.'
      : 'Черновой текст введения, разделов и заключения подготовлен с помощью большой языковой модели по плану работы и по фрагментам найденных источников; каждое утверждение со ссылкой опирается на фрагмент источника, указанный в ссылке.';
  return {
    letter,
    status: 'справочное',
    title: AI_APPENDIX_TITLE,
    paragraphs: [
      'При подготовке работы использован сервис генерации академических текстов на основе технологий искусственного интеллекта. Сервис применялся для следующих задач:',
      `– поиск и отбор источников в библиографических базах данных и проверка их существования${options.sources ? ` (в список использованных источников включено ${options.sources} ${sourcesWord(options.sources)})` : ''};`,
      ...(options.invented
        ? [
            `– ${options.invented} ${sourcesWord(options.invented)} списка — вымышленные записи (отмечены в списке): сервис работал без библиографических баз данных, в режиме разработки, и такие записи служат только для его проверки;`,
          ]
        : []),
      `– ${drafted[0].toLowerCase()}${drafted.slice(1, -1)};`,
      '– оформление работы, ссылок и списка использованных источников по ГОСТ 7.32-2017 и ГОСТ Р 7.0.100-2018.',
      'К работе прилагается «Отчёт об источниках»: для каждой ссылки в нём приведены фрагмент источника, на который она опирается, и результат его проверки.',
      'Автор работы отвечает за её содержание и должен проверить: соответствие цитат и ссылок источникам, точность приведённых данных и выводов, соответствие работы заданию и методическим указаниям своей кафедры, а также дополнить работу собственными результатами и данными.',
    ],
  };
}

/** The sentence of the introduction that refers to the appendix. */
export const aiAppendixReference = (letter: string) =>
  `Сведения об использовании технологий искусственного интеллекта при подготовке работы приведены в приложении ${letter}.`;
