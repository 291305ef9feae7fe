/** /demo: the order form on its own page (no shared layout); the close button returns to /. */
import { Box, Container, Heading, HStack, IconButton } from '@chakra-ui/react';
import { useNavigate } from 'react-router-dom';
import { CrossIcon } from '@/components/icons';
import { OrderForm } from '@/features/orders/components/order-form';
import { useTitle } from '@/lib/use-title';

export function Component() {
  useTitle('Генерация работы');
  const navigate = useNavigate();
  return (
    <Box as="main" flex="1" bg="gray.50" py={{ base: '0', md: '10' }}>
      <Container maxW="3xl" px={{ base: '0', md: '6' }}>
        <Box
          bg="white"
          borderWidth={{ base: '0', md: '1px' }}
          borderRadius={{ base: '0', md: 'xl' }}
          p={{ base: '4', md: '8' }}
          shadow={{ md: 'sm' }}
        >
          <HStack justify="space-between" align="flex-start" mb="6" gap="4">
            <Heading as="h1" size="2xl">
              Генерация работы
            </Heading>
            <IconButton aria-label="Закрыть" variant="ghost" onClick={() => void navigate('/')}>
              <CrossIcon />
            </IconButton>
          </HStack>
          <OrderForm />
        </Box>
      </Container>
    </Box>
  );
}
