/** A link that does not open: wrong, expired or revoked (the API tells them apart to nobody). */
import { Heading, Stack, Text } from '@chakra-ui/react';

export function InvalidLink() {
  return (
    <Stack gap="4" maxW="2xl" data-testid="invalid-link">
      <Heading as="h1" size="2xl">
        Ссылка недействительна или отозвана
      </Heading>
      <Text>Срок действия ссылки истёк, автор работы её отозвал, или в адресе ошибка.</Text>
      <Text>Попросите у автора работы новую ссылку.</Text>
    </Stack>
  );
}
