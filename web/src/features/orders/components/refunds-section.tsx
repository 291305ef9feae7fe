/** The cabinet's refunds: what went back, how much, why, and where it stands. Shown only when
 * there is something to show. */
import { Badge, Card, Heading, Stack, Text } from '@chakra-ui/react';
import { formatRubles, type RefundItem } from '@app/contract';
import { formatDate } from '@/lib/format';
import { useRefunds } from '../api/get-refunds';

const STATUS: Record<RefundItem['status'], { text: string; palette: string }> = {
  succeeded: { text: 'Деньги возвращены', palette: 'green' },
  pending: { text: 'Возврат в обработке', palette: 'orange' },
  canceled: { text: 'Платёжная система отклонила возврат: поддержка уже разбирается', palette: 'red' },
};

export function RefundsSection() {
  const query = useRefunds();
  const refunds = query.data?.status === 200 ? query.data.body.refunds : [];
  if (refunds.length === 0) return null;
  return (
    <Stack as="section" aria-labelledby="refunds-title" gap="3">
      <Heading as="h2" size="xl" id="refunds-title">
        Возвраты
      </Heading>
      {refunds.map((r) => (
        <Card.Root key={r.id} variant="outline" data-testid="refund">
          <Card.Body gap="1">
            <Stack direction={{ base: 'column', sm: 'row' }} justify="space-between" gap="2">
              <Text fontWeight="semibold" overflowWrap="anywhere">
                {r.topic || 'Заказ'}
              </Text>
              <Text fontWeight="semibold" whiteSpace="nowrap">
                {formatRubles(r.amount)}
              </Text>
            </Stack>
            <Text color="fg.muted" fontSize="sm">
              {r.reason} · {formatDate(r.created_at)}
            </Text>
            <Badge alignSelf="flex-start" colorPalette={STATUS[r.status].palette} whiteSpace="normal">
              {STATUS[r.status].text}
            </Badge>
          </Card.Body>
        </Card.Root>
      ))}
    </Stack>
  );
}
