/** The landing banner with the create-new-project button. */
import { Box, Button, Container, Heading, List, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';

const points = [
  'Оформление по ГОСТ 7.32-2017: поля, шрифты, нумерация и содержание уже готовы',
  'Только реальные, проверенные источники — без выдуманных ссылок',
  'Объём 80–120 страниц, который действительно выдерживается',
  'Сначала демо-версия, полная работа — после оплаты',
];

export function Banner() {
  return (
    <Box bgGradient="to-br" gradientFrom="blue.900" gradientTo="blue.700" color="white">
      <Container maxW="6xl" py={{ base: '10', md: '16' }} px={{ base: '4', md: '6' }}>
        <Stack gap="6" maxW="3xl">
          <Heading as="h1" size={{ base: '3xl', md: '5xl' }} lineHeight="1.15">
            Дипломные и курсовые работы по ГОСТ с помощью ИИ
          </Heading>
          <Text fontSize={{ base: 'md', md: 'xl' }} color="blue.50">
            Укажите тему — сервис составит план, подберёт источники, напишет текст и оформит работу в .docx. Генерация занимает от 5 до 20
            минут.
          </Text>
          <List.Root gap="1.5" ps="5" color="blue.50">
            {points.map((p) => (
              <List.Item key={p}>{p}</List.Item>
            ))}
          </List.Root>
          <Button
            asChild
            size="xl"
            bg="white"
            color="blue.900"
            _hover={{ bg: 'blue.50' }}
            alignSelf={{ base: 'stretch', sm: 'flex-start' }}
          >
            <RouterLink to="/demo">Создать новый проект</RouterLink>
          </Button>
        </Stack>
      </Container>
    </Box>
  );
}
