/** Under the topic: how many sources the databases have for it and how many of them the chosen
 * paper will cite at least (its source plan, the attached files counted), a few of them, and what
 * to change when there are too few for the chosen paper (the order cannot be paid then, unless a
 * database did not answer in time). */
import { Box, HStack, List, Spinner, Text } from '@chakra-ui/react';
import { REFUND_PROMISE, type PaperType } from '@app/contract';
import { pluralRu } from '@/lib/format';
import type { SourcesEstimateState } from '../hooks/use-sources-estimate';

/** Next to a pay button the estimate disables. */
export const SHORTFALL_NOTE = 'Оплата недоступна: по теме слишком мало источников. Что изменить, сказано в оценке источников выше.';

export function SourcesEstimate({ state: { estimate, loading }, paperType }: { state: SourcesEstimateState; paperType: PaperType }) {
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
  const advice = estimate.advice[paperType];
  const planned = estimate.planned[paperType];
  return (
    <Box
      role="status"
      aria-label="Источники по теме"
      fontSize="sm"
      borderWidth="1px"
      borderRadius="md"
      p="3"
      borderColor={advice ? 'orange.300' : 'border'}
    >
      <Text fontWeight="medium">
        {pluralRu(estimate.found, 'Найден', 'Найдено', 'Найдено')} {estimate.found}{' '}
        {pluralRu(estimate.found, 'источник', 'источника', 'источников')} (русских {estimate.russian}, иностранных {estimate.foreign}), в
        работе будет не меньше{'\u00a0'}
        {planned}
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
      {advice ? (
        <Text mt="2" color="orange.fg">
          {advice}
          {estimate.complete
            ? ''
            : ` Не все базы данных ответили вовремя, поэтому заказ можно оплатить; если источников не хватит, работа не будет создана. ${REFUND_PROMISE}`}
        </Text>
      ) : null}
    </Box>
  );
}
