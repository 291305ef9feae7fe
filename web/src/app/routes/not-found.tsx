import { Button, Heading, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { PageContainer } from '@/components/page-container';
import { useTitle } from '@/lib/use-title';

export function Component() {
  useTitle('Страница не найдена');
  return (
    <PageContainer maxW="2xl">
      <Stack gap="4">
        <Heading as="h1" size="2xl">
          Страница не найдена
        </Heading>
        <Text>Возможно, ссылка устарела или в адресе опечатка.</Text>
        <Button asChild colorPalette="blue" alignSelf="flex-start">
          <RouterLink to="/">На главную</RouterLink>
        </Button>
      </Stack>
    </PageContainer>
  );
}
