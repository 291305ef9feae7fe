/** A page whose screen is not built yet: says so plainly and offers a way back. */
import { Button, Heading, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { PageContainer } from './PageContainer';

export function ComingSoon({ title }: { title: string }) {
  return (
    <PageContainer maxW="2xl">
      <Stack gap="4" as="section" aria-labelledby="coming-soon-title">
        <Heading as="h1" size="2xl" id="coming-soon-title">
          {title}
        </Heading>
        <Text>Этот раздел скоро заработает. Пока вы можете вернуться в личный кабинет или на главную.</Text>
        <Stack direction={{ base: 'column', sm: 'row' }}>
          <Button asChild colorPalette="blue">
            <RouterLink to="/home">Личный кабинет</RouterLink>
          </Button>
          <Button asChild variant="outline">
            <RouterLink to="/">На главную</RouterLink>
          </Button>
        </Stack>
      </Stack>
    </PageContainer>
  );
}
