/** Frequently asked questions: an accordion of the browser's own disclosure elements (one open at a
 * time, by a shared name), so the answers open on the pre-rendered page without any script. */
import { Box, chakra, Heading, Span, Stack, Text } from '@chakra-ui/react';
import { formatRubles, PRICES } from '@app/contract';
import { ChevronRightIcon } from '@/components/icons';

const items = [
  {
    q: 'Как получить работу?',
    a: 'Укажите тему и параметры работы. После генерации вы получите демо-версию: её можно посмотреть в личном кабинете. Если работа вас устраивает, оплатите полную версию — она станет доступна для скачивания в формате .docx.',
  },
  {
    q: 'Что нужно для регистрации?',
    a: 'Электронная почта, пароль и подтверждение аккаунта: на почту придёт код из 6 цифр, его нужно ввести на сайте.',
  },
  {
    q: 'Что такое разделённый список литературы?',
    a: 'Это список источников, разделённый по видам изданий. Разделение доступно только при оформлении ссылок на источники сносками.',
  },
  {
    q: 'Сколько времени занимает генерация?',
    a: 'От 5 до 20 минут. Статус генерации виден в личном кабинете, а когда работа будет готова, мы сообщим об этом на почту.',
  },
  {
    q: 'Сколько это стоит?',
    a: `Демо-версия: ${formatRubles(PRICES.demo.basic)} на обычном тарифе и ${formatRubles(PRICES.demo.professional)} на профессиональном. Полная работа: ${formatRubles(PRICES.full.basic)} и ${formatRubles(PRICES.full.professional)} соответственно.`,
  },
  {
    q: 'Откуда берутся источники?',
    a: 'Только из ваших материалов и реальных библиографических баз. Каждый источник проверяется (название, авторы, год издания); источник, который не удалось проверить, в список не попадает.',
  },
];

export function Faq() {
  return (
    <Stack as="section" aria-labelledby="faq-title" gap="6">
      <Heading as="h2" size="2xl" id="faq-title">
        Частые вопросы
      </Heading>
      <Box borderWidth="1px" borderColor="border" rounded="l2" overflow="hidden">
        {items.map((item) => (
          <chakra.details
            key={item.q}
            // The same name makes the browser close the open answer when another one opens.
            name="faq"
            borderTopWidth="1px"
            borderColor="border"
            _first={{ borderTopWidth: '0' }}
            css={{ '&[open] .faq-indicator': { transform: 'rotate(90deg)' } }}
          >
            <chakra.summary
              display="flex"
              alignItems="center"
              gap="3"
              px="4"
              py="4"
              cursor="pointer"
              listStyle="none"
              _hover={{ bg: 'bg.subtle' }}
              _focusVisible={{ outline: '2px solid', outlineColor: 'colorPalette.focusRing', outlineOffset: '-2px' }}
              css={{ '&::-webkit-details-marker': { display: 'none' } }}
            >
              <Span flex="1" fontWeight="semibold" textAlign="start">
                {item.q}
              </Span>
              <ChevronRightIcon className="faq-indicator" color="fg.muted" transition="transform 0.2s" />
            </chakra.summary>
            <Text px="4" pb="4">
              {item.a}
            </Text>
          </chakra.details>
        ))}
      </Box>
    </Stack>
  );
}
