/** The price to pay: with a confirmed discount the base price is struck through. */
import { formatRubles } from '@app/contract';
import { HStack, Text } from '@chakra-ui/react';

export function PriceTag({ base, final, label = 'Стоимость' }: { base: number; final: number; label?: string }) {
  return (
    <HStack gap="2" align="baseline" wrap="wrap" data-testid="price">
      <Text color="fg.muted">{label}:</Text>
      {final !== base ? (
        <Text as="s" color="fg.muted" aria-label={`без скидки ${formatRubles(base)}`}>
          {formatRubles(base)}
        </Text>
      ) : null}
      <Text fontWeight="bold" fontSize="xl">
        {formatRubles(final)}
      </Text>
    </HStack>
  );
}
