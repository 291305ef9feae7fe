/** Under the topic: how many sources the databases have for it, a few of them, and what to change
 * when there are too few for the chosen paper. Informational only: it never blocks an order. */
import { Box, HStack, List, Spinner, Text } from '@chakra-ui/react';
import type { PaperType } from '@app/contract';
import { pluralRu } from '@/lib/format';
import { useSourcesEstimate } from '../hooks/use-sources-estimate';

export function SourcesEstimate({
  topic,
  minYear,
  volume,
  paperType,
}: {
  topic: string;
  minYear: number;
  volume: number;
  paperType: PaperType;
}) {
  const { estimate, loading } = useSourcesEstimate(topic, minYear, volume);
  if (loading && !estimate) {
    return (
      <HStack gap="2" color="fg.muted" fontSize="sm" role="status">
        <Spinner size="xs" />
        <Text>Ищем источники по теме…</Text>
      </HStack>
    );
  }
  // No database configured, or no answer: nothing to tell.
  if (!estimate?.searched) return null;
  const enough = paperType === 'full' ? estimate.enough_for_full : estimate.enough_for_demo;
  const minimum = paperType === 'full' ? estimate.minimum_full : estimate.minimum_demo;
  return (
    <Box
      role="status"
      aria-label="Источники по теме"
      fontSize="sm"
      borderWidth="1px"
      borderRadius="md"
      p="3"
      borderColor={enough ? 'border' : 'orange.300'}
    >
      <Text fontWeight="medium">
        {pluralRu(estimate.found, 'Найден', 'Найдено', 'Найдено')} {estimate.found}{' '}
        {pluralRu(estimate.found, 'источник', 'источника', 'источников')} (русских {estimate.russian}, иностранных {estimate.foreign})
      </Text>
      {estimate.sample.length ? (
        <List.Root ps="4" mt="2" gap="1" color="fg.muted">
          {estimate.sample.map((w) => (
            <List.Item key={`${w.title}|${w.year}`}>
              {w.authors.length ? `${w.authors.join(', ')} ` : ''}
              {w.title}
              {w.container ? ` // ${w.container}` : ''}. {w.year}
            </List.Item>
          ))}
        </List.Root>
      ) : null}
      {enough ? null : (
        <Text mt="2" color="orange.fg">
          {paperType === 'full' && estimate.advice
            ? estimate.advice
            : `Для ${paperType === 'full' ? 'полной работы' : 'демо-версии'} нужно не меньше ${minimum} ${pluralRu(minimum, 'источника', 'источников', 'источников')}. Сформулируйте тему шире или укажите более ранний минимальный год издания.`}
        </Text>
      )}
    </Box>
  );
}
