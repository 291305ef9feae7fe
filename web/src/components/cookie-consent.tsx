/** Cookie notice for guests; acceptance lasts for the browser session (sessionStorage), so a
 * pre-rendered page shows the notice only once the browser has read it. */
import { Box, Button, Container, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { readStored, store, STORAGE } from '@/lib/storage';
import { useHydrated } from '@/lib/use-hydrated';
import { AppLink } from './app-link';

export function CookieConsent({ show }: { show: boolean }) {
  const hydrated = useHydrated();
  const [accepted, setAccepted] = useState(() => readStored(STORAGE.cookieAccepted) === 'true');
  if (!hydrated || !show || accepted) return null;
  return (
    <Box
      role="region"
      aria-label="Уведомление о файлах cookie"
      position="fixed"
      insetX="0"
      bottom="0"
      zIndex="overlay"
      bg="white"
      borderTopWidth="1px"
      borderColor="gray.300"
      shadow="lg"
    >
      <Container maxW="6xl" py="4">
        <Stack direction={{ base: 'column', md: 'row' }} gap="3" align={{ base: 'stretch', md: 'center' }} justify="space-between">
          <Text fontSize="sm">
            Мы используем файлы cookie, чтобы вы могли входить в аккаунт и безопасно оплачивать заказы. Продолжая пользоваться сайтом, вы
            соглашаетесь с <AppLink to="/privacy">политикой конфиденциальности</AppLink>.
          </Text>
          <Button
            colorPalette="blue"
            flexShrink={0}
            onClick={() => {
              store(STORAGE.cookieAccepted, 'true');
              setAccepted(true);
            }}
          >
            Принять
          </Button>
        </Stack>
      </Container>
    </Box>
  );
}
