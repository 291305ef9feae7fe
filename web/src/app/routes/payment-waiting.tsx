/** /payment/waiting?task_id=[&revision=]: payment confirmation and generation progress (no shared layout). */
import { Box, Container } from '@chakra-ui/react';
import { useSearchParams } from 'react-router-dom';
import { Logo } from '@/components/logo';
import { PaymentWaiting } from '@/features/orders/components/payment-waiting';
import { useTitle } from '@/lib/use-title';

export function Component() {
  useTitle('Оплата и генерация');
  const [params] = useSearchParams();
  const taskId = params.get('task_id');
  // A revision round's progress (its paper): on completion, back to the paper's versions.
  const revision = Number(params.get('revision'));
  return (
    <Box as="main" flex="1" bg="gray.50" py={{ base: '6', md: '16' }}>
      <Container maxW="2xl" px={{ base: '4', md: '6' }}>
        <Box mb="6">
          <Logo />
        </Box>
        <Box bg="white" borderWidth="1px" borderRadius="xl" p={{ base: '5', md: '8' }} shadow="sm">
          <PaymentWaiting key={taskId} taskId={taskId} revisionOf={Number.isInteger(revision) && revision > 0 ? revision : null} />
        </Box>
      </Container>
    </Box>
  );
}
