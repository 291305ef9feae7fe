/** The promo code input with its state: checking, found (discount) or the error. */
import { Field, HStack, Input, Spinner, Text } from '@chakra-ui/react';
import { LIMITS } from '@app/contract';
import type { Promo } from '../hooks/use-promo';

export function PromoField({ promo, id }: { promo: Promo; id: string }) {
  return (
    <Field.Root invalid={Boolean(promo.error)}>
      <Field.Label htmlFor={id}>Промокод</Field.Label>
      <HStack w="full">
        <Input
          id={id}
          value={promo.code}
          maxLength={LIMITS.promo.inputMax}
          autoComplete="off"
          onChange={(e) => promo.change(e.target.value)}
          placeholder="Если есть"
        />
        {promo.status === 'checking' ? <Spinner size="sm" aria-label="Проверяем промокод" /> : null}
      </HStack>
      {promo.status === 'valid' ? (
        <Text fontSize="sm" color="green.700" role="status">
          Промокод применён: скидка {promo.discount}%
        </Text>
      ) : null}
      <Field.ErrorText>{promo.error}</Field.ErrorText>
    </Field.Root>
  );
}
