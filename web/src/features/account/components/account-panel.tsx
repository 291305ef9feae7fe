/** The account part of the cabinet: who is signed in and what they can do with the account. */
import { Box, Button, Card, Heading, HStack, Stack, Text, Wrap } from '@chakra-ui/react';
import type { Profile } from '@app/contract';
import { Link as RouterLink } from 'react-router-dom';
import { useAccountActions } from '../hooks/use-account-actions';

export function AccountPanel({ user }: { user: Profile }) {
  const account = useAccountActions();
  return (
    <Card.Root variant="outline">
      <Card.Body>
        <Stack gap="4">
          <Stack direction={{ base: 'column', md: 'row' }} justify="space-between" gap="4">
            <Box minW="0">
              <Heading as="h2" size="lg" wordBreak="break-word">
                {user.username}
              </Heading>
              <Text color="fg.muted" overflowWrap="anywhere">
                {user.email}
              </Text>
              <HStack mt="2" fontSize="sm" color="fg.muted">
                <Text>Telegram: {account.isBound ? 'привязан' : 'не привязан'}</Text>
              </HStack>
            </Box>
            <Button asChild colorPalette="blue" size="lg" alignSelf={{ base: 'stretch', md: 'flex-start' }}>
              <RouterLink to="/demo">Создать новый проект</RouterLink>
            </Button>
          </Stack>
          <Wrap gap="2">
            <Button variant="outline" onClick={account.telegram} loading={account.telegramPending}>
              {account.telegramLabel}
            </Button>
            <Button asChild variant="outline">
              <RouterLink to="/change-password">Сменить пароль</RouterLink>
            </Button>
            <Button variant="outline" onClick={account.logoutAll}>
              Выйти со всех устройств
            </Button>
            <Button variant="outline" colorPalette="red" onClick={account.askDelete}>
              Удалить аккаунт
            </Button>
          </Wrap>
        </Stack>
      </Card.Body>
      {account.dialogs}
    </Card.Root>
  );
}
