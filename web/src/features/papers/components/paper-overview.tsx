/** Title, annotation and table of contents of a paper (the preview page's upper part). */
import { Box, Heading, Stack, Text } from '@chakra-ui/react';
import type { PaperDetail } from '@app/contract';
import { chaptersOf, CONCLUSION, INTRODUCTION, SOURCES } from '../contents';

export function PaperOverview({ paper }: { paper: PaperDetail | null }) {
  const chapters = paper ? chaptersOf(paper.structure) : [];
  return (
    <Stack gap="6">
      <Heading as="h1" size={{ base: '2xl', md: '3xl' }} overflowWrap="anywhere">
        {paper?.title || 'Название дипломной работы'}
      </Heading>
      <Box as="section" aria-labelledby="annotation-title" borderWidth="1px" borderRadius="lg" p={{ base: '4', md: '6' }}>
        <Heading as="h2" size="lg" id="annotation-title" mb="3">
          Аннотация
        </Heading>
        <Text whiteSpace="pre-line">{paper?.annotation}</Text>
      </Box>
      <Box as="section" aria-labelledby="contents-title" borderWidth="1px" borderRadius="lg" p={{ base: '4', md: '6' }}>
        <Heading as="h2" size="lg" id="contents-title" mb="3">
          Содержание работы
        </Heading>
        {paper ? (
          <Stack as="ol" gap="2" listStyleType="none" data-testid="contents">
            <li>{INTRODUCTION}</li>
            {chapters.map((ch) => (
              <li key={ch.title}>
                <Text fontWeight="medium">{ch.title}</Text>
                {ch.subchapters.length > 0 ? (
                  <Stack as="ol" listStyleType="none" ps="5" gap="1" mt="1">
                    {ch.subchapters.map((s) => (
                      <li key={s}>{s}</li>
                    ))}
                  </Stack>
                ) : null}
              </li>
            ))}
            <li>{CONCLUSION}</li>
            <li>{SOURCES}</li>
          </Stack>
        ) : null}
      </Box>
    </Stack>
  );
}
