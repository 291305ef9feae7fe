/**
 * A small Russian→English glossary of the words academic topics are made of, for the English
 * search queries of a paper whose outline has none (the offline writer, outlines stored before
 * the outline had English queries). Keys are word stems (the first five letters); an empty value
 * is a word that only frames a topic ("основы", "анализ") and is left out of a query.
 */
const GLOSSARY: Record<string, string> = {
  // framing words, dropped
  теоре: '',
  основ: '',
  анали: '',
  совер: '',
  напра: '',
  пробл: '',
  особе: '',
  аспек: '',
  вопро: '',
  услов: '',
  оценк: '',
  оцени: '',
  совре: '',
  роль: '',
  разра: '',
  предл: '',
  приме: '',
  харак: '',
  сущно: '',
  понят: '',
  факто: '',
  персп: '',
  тенде: '',
  путей: '',
  путь: '',
  пути: '',
  повыш: '',
  обесп: '',
  метод: '',
  // economics and management
  цифро: 'digital',
  транс: 'transformation',
  малог: 'small',
  малый: 'small',
  малые: 'small',
  малых: 'small',
  малым: 'small',
  средн: 'medium',
  бизне: 'business',
  предп: 'enterprise',
  орган: 'organization',
  управ: 'management',
  менед: 'management',
  эконо: 'economy',
  финан: 'finance',
  банко: 'banking',
  банк: 'bank',
  банка: 'bank',
  креди: 'credit',
  инвес: 'investment',
  налог: 'tax',
  бюдже: 'budget',
  рынок: 'market',
  рынка: 'market',
  рынке: 'market',
  рыноч: 'market',
  марке: 'marketing',
  прода: 'sales',
  конку: 'competitiveness',
  страт: 'strategy',
  иннов: 'innovation',
  техно: 'technology',
  персо: 'personnel',
  кадро: 'human resources',
  труда: 'labour',
  труд: 'labour',
  мотив: 'motivation',
  качес: 'quality',
  риско: 'risk',
  риск: 'risk',
  рисков: 'risk',
  учета: 'accounting',
  учет: 'accounting',
  учёт: 'accounting',
  аудит: 'audit',
  логис: 'logistics',
  торго: 'trade',
  произ: 'production',
  эффек: 'efficiency',
  разви: 'development',
  регио: 'regional',
  госуд: 'state',
  муниц: 'municipal',
  социа: 'social',
  полит: 'policy',
  публи: 'public',
  закуп: 'procurement',
  туриз: 'tourism',
  стоим: 'value',
  цено: 'pricing',
  // law
  право: 'law',
  прав: 'law',
  правов: 'legal',
  закон: 'legislation',
  гражд: 'civil',
  уголо: 'criminal',
  дого: 'contract',
  догов: 'contract',
  ответ: 'liability',
  собст: 'property',
  суда: 'court',
  судеб: 'judicial',
  конст: 'constitutional',
  админ: 'administrative',
  // education, psychology, society
  образ: 'education',
  обуче: 'learning',
  педаг: 'pedagogy',
  школь: 'school',
  читат: 'reading',
  чтени: 'reading',
  грамо: 'literacy',
  младш: 'primary',
  учени: 'pupils',
  компе: 'competence',
  навык: 'skills',
  форми: '',
  студе: 'students',
  учащи: 'pupils',
  детей: 'children',
  дети: 'children',
  дошко: 'preschool',
  подро: 'adolescents',
  психо: 'psychology',
  лично: 'personality',
  стрес: 'stress',
  семьи: 'family',
  семья: 'family',
  молод: 'youth',
  общес: 'society',
  культ: 'culture',
  коммун: 'communication',
  комму: 'communication',
  медиа: 'media',
  здоро: 'health',
  медиц: 'medicine',
  спорт: 'sport',
  физич: 'physical',
  эколо: 'ecology',
  окруж: 'environment',
  энерг: 'energy',
  инфор: 'information',
  безоп: 'security',
  данны: 'data',
  систе: 'system',
  сетей: 'networks',
  интер: 'internet',
  искус: 'artificial',
  интел: 'intelligence',
  машин: 'machine',
  модел: 'model',
  прогр: 'software',
  платф: 'platform',
  элект: 'electronic',
  строи: 'construction',
  сельс: 'agricultural',
  город: 'urban',
  насел: 'population',
  занят: 'employment',
  бедно: 'poverty',
  доход: 'income',
  росси: 'Russian',
  миров: 'world',
  между: 'international',
};

const stemOf = (word: string) => word.toLowerCase().replace(/ё/g, 'е').slice(0, 5);

/**
 * The English query for a Russian phrase, or null when the glossary knows too few of its words
 * (a half-translated query finds unrelated works).
 */
export function englishQueryOf(russian: string): string | null {
  const words = russian.split(/[^\p{L}\p{N}-]+/u).filter((w) => w.length >= 4);
  if (!words.length) return null;
  const out: string[] = [];
  let known = 0;
  for (const word of words) {
    const english = GLOSSARY[stemOf(word)];
    if (english === undefined) continue;
    known++;
    if (english && !out.includes(english)) out.push(english);
  }
  if (out.length < 2 || known / words.length < 0.6) return null;
  return out.join(' ');
}

/** The English words of these Russian ones, or null when the glossary does not know one of them. */
export function englishWordsOf(russian: string[]): string[] | null {
  const out: string[] = [];
  for (const word of russian) {
    const english = GLOSSARY[stemOf(word)];
    if (!english) return null;
    out.push(...english.split(' '));
  }
  return out;
}
