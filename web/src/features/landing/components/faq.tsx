/** Frequently asked questions. */
import { Accordion, Heading, Span, Stack, Text } from '@chakra-ui/react';
import { formatRubles, PRICES } from '@app/contract';

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
      <Accordion.Root collapsible variant="enclosed">
        {items.map((item, i) => (
          <Accordion.Item key={item.q} value={String(i)}>
            <Accordion.ItemTrigger py="4">
              <Span flex="1" fontWeight="semibold" textAlign="start">
                {item.q}
              </Span>
              <Accordion.ItemIndicator />
            </Accordion.ItemTrigger>
            <Accordion.ItemContent>
              <Accordion.ItemBody>
                <Text>{item.a}</Text>
              </Accordion.ItemBody>
            </Accordion.ItemContent>
          </Accordion.Item>
        ))}
      </Accordion.Root>
    </Stack>
  );
}
