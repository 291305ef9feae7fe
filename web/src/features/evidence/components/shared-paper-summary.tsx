/** The top of a supervisor's link: the version's title, the name of its title page, what it is
 * (a demo, a version), its pages and until when the link works. Nothing else of the account. */
import { Badge, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import type { SharedPaper } from '@app/contract';
import { formatDate, pluralRu } from '@/lib/format';

export function SharedPaperSummary({ paper }: { paper: SharedPaper }) {
  return (
    <Stack gap="3" data-testid="shared-paper">
      <HStack gap="2" flexWrap="wrap">
        <Badge colorPalette={paper.kind === 'demo' ? 'orange' : 'blue'}>{paper.kind === 'demo' ? 'Демоверсия' : 'Полная работа'}</Badge>
        {paper.version ? <Badge variant="outline">Версия {paper.version}</Badge> : null}
      </HStack>
      <Heading as="h1" size={{ base: '2xl', md: '3xl' }} overflowWrap="anywhere">
        {paper.title}
      </Heading>
      {paper.author ? <Text fontSize="lg">Автор: {paper.author}</Text> : null}
      <Text color="fg.muted">
        {paper.page_count ? `${paper.page_count} ${pluralRu(paper.page_count, 'страница', 'страницы', 'страниц')} · ` : ''}
        Ссылка действует до <time dateTime={paper.expires_at}>{formatDate(paper.expires_at)}</time>
      </Text>
      {paper.kind === 'demo' ? (
        <Text fontSize="sm" color="fg.muted">
          Это демоверсия: в ней только первые страницы работы, и отчёт об источниках — только об их ссылках.
        </Text>
      ) : null}
    </Stack>
  );
}
