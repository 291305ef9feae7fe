/** One citation of «Отчёт об источниках»: the sentence, the work and the page cited, the passage
 * quoted from that page with the statement's figures and key terms marked, and what the check
 * found, in words. */
import { Box, Heading, Link, List, Stack, Text } from '@chakra-ui/react';
import type { EvidenceEntry } from '@app/contract';
import { pluralRu } from '@/lib/format';
import { quotePieces } from '../marks';

/** The citation as a reader names it: «[3, с. 47]», «[5]» or «Сноска 4». */
export function citationTitle(entry: Pick<EvidenceEntry, 'footnote' | 'work' | 'page'>): string {
  if (entry.footnote !== null) return `Сноска ${entry.footnote}`;
  return `Ссылка [${entry.work}${entry.page ? `, с.\u00a0${entry.page}` : ''}]`;
}

/** An address worth a link: http(s) only. */
function webAddress(url: string | null): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}

function figuresVerdict(figures: EvidenceEntry['figures']): string {
  if (figures.length === 0) return 'Чисел в утверждении нет';
  const found = figures.filter((f) => f.found).map((f) => f.value);
  const missing = figures.filter((f) => !f.found).map((f) => f.value);
  if (missing.length === 0) return `Числа утверждения найдены во фрагменте: ${found.join(', ')}`;
  if (found.length === 0) return `Числа утверждения не найдены во фрагменте: ${missing.join(', ')}`;
  return `Числа утверждения: найдены ${found.join(', ')}; не найдены ${missing.join(', ')}`;
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Stack as="section" gap="2">
      <Heading as="h3" size="sm" color="gray.700">
        {title}
      </Heading>
      {children}
    </Stack>
  );
}

export function EntryDetails({ entry }: { entry: EvidenceEntry }) {
  const doi = entry.doi ? `https://doi.org/${entry.doi.replace(/^https?:\/\/(dx\.)?doi\.org\//, '')}` : null;
  const url = webAddress(entry.url);
  const terms = entry.keyTerms.map((t) => (t.via ? `${t.term} (англ. ${t.via})` : t.term));
  return (
    <Stack gap="5" data-testid="evidence-entry">
      <Text fontSize="sm" color="fg.muted">
        {entry.sectionTitle}
        {entry.paperPage ? ` · с.\u00a0${entry.paperPage} работы` : ''}
      </Text>

      <Section title="Утверждение в работе">
        <Box as="blockquote" borderStartWidth="3px" borderColor="gray.300" ps="3">
          <Text>{entry.sentence}</Text>
        </Box>
        {entry.footnote !== null ? (
          <Text fontSize="sm" color="fg.muted">
            Сноска {entry.footnote}: {entry.reference}
          </Text>
        ) : null}
      </Section>

      <Section title="Источник">
        <Text fontWeight="medium" overflowWrap="anywhere">
          {entry.work}. {entry.title}
        </Text>
        {doi ? (
          <Link href={doi} target="_blank" rel="noopener noreferrer" color="blue.700" textDecoration="underline" overflowWrap="anywhere">
            DOI: {entry.doi}
          </Link>
        ) : url ? (
          <Link href={url} target="_blank" rel="noopener noreferrer" color="blue.700" textDecoration="underline" overflowWrap="anywhere">
            {url}
          </Link>
        ) : null}
        <Text>{entry.page ? `Цитируемая страница: ${entry.page}` : 'Страница не указана: ссылка на аннотацию работы'}</Text>
      </Section>

      <Section title={entry.page ? `Фрагмент страницы ${entry.page}` : 'Фрагмент аннотации'}>
        <Text as="blockquote" bg="gray.50" borderRadius="md" p="3" data-testid="evidence-quote">
          «
          {quotePieces(entry).map((piece, i) =>
            piece.mark === 'figure' ? (
              <Box as="mark" key={i} bg="orange.200" color="inherit" fontWeight="bold" px="0.5" borderRadius="sm">
                {piece.text}
              </Box>
            ) : piece.mark === 'term' ? (
              <Box as="mark" key={i} bg="yellow.200" color="inherit" px="0.5" borderRadius="sm">
                {piece.text}
              </Box>
            ) : (
              piece.text
            ),
          )}
          »
        </Text>
        <Text fontSize="xs" color="fg.muted">
          Выделены числа утверждения (жирным) и его ключевые термины.
        </Text>
      </Section>

      <Section title="Проверка">
        <List.Root gap="1.5" ps="5" data-testid="evidence-verdict">
          <List.Item>{figuresVerdict(entry.figures)}</List.Item>
          <List.Item>
            Ключевые термины: {entry.keyTerms.length} из {entry.keyTermsTotal}
            {terms.length ? ` (${terms.join(', ')})` : ''}
          </List.Item>
          <List.Item>{entry.readAs === 'full_text' ? 'Прочитан полный текст' : 'Прочитана аннотация'}</List.Item>
        </List.Root>
      </Section>
    </Stack>
  );
}

/** «15 ссылок на 12 источников, полные тексты прочитаны у 12». */
export function summaryText(summary: { citations: number; works: number; fullTexts: number }): string {
  return (
    `${summary.citations} ${pluralRu(summary.citations, 'ссылка', 'ссылки', 'ссылок')} на ${summary.works} ` +
    `${pluralRu(summary.works, 'источник', 'источника', 'источников')}; полный текст прочитан у ${summary.fullTexts} из ${summary.works}`
  );
}
