/** «Подготовка к защите»: what the kit holds, its price and purchase, its making (stage and percent
 * from the order's socket), its three files to download, or why it was not made. */
import { Button, List, Stack, Text } from '@chakra-ui/react';
import { ProgressLine } from '@/components/progress-line';
import { DEFENCE_KIT, fileNameOf, formatRubles, rangeText, REFUND_PROMISE, type DefenceKitStatus } from '@app/contract';
import { FormAlert } from '@/components/form-alert';
import { InlineError } from '@/components/inline-error';
import { useDownload } from '@/lib/use-download';

/** How the kit's making goes, as the order's socket tells it. */
interface KitProgress {
  stage: string;
  progress: number;
}

interface Props {
  title: string;
  kit: DefenceKitStatus;
  /** null: not being made (or no news from the socket yet). */
  making: KitProgress | null;
  onBuy: () => void;
  buying: boolean;
  buyError: string | null;
}

const CONTENTS = [
  `Презентация (.pptx, 16:9) на ${rangeText(DEFENCE_KIT.slides)} слайдов: титульный, актуальность, цель и задачи, объект и предмет, методы, результаты глав с таблицами и диаграммами работы, выводы и рекомендации; на каждом слайде — заметки докладчика`,
  `Доклад к защите на ${rangeText(DEFENCE_KIT.speechMinutes)} минут (.docx), разбитый по слайдам`,
  `${rangeText(DEFENCE_KIT.questions)} вопросов комиссии с краткими ответами и страницами работы, где об этом сказано (.docx)`,
];

const fileName = (kind: string, title: string, ext: string) => `${kind} — ${fileNameOf(title)}.${ext}`;

function Downloads({ title, files }: { title: string; files: NonNullable<DefenceKitStatus['files']> }) {
  const { pending, download, error } = useDownload();
  const items = [
    { label: 'Скачать презентацию', url: files.slides, name: fileName('Презентация', title, 'pptx') },
    { label: 'Скачать доклад', url: files.speech, name: fileName('Доклад', title, 'docx') },
    { label: 'Скачать вопросы и ответы', url: files.questions, name: fileName('Вопросы комиссии', title, 'docx') },
  ];
  return (
    <Stack gap="2">
      <Stack direction={{ base: 'column', sm: 'row' }} gap="2" flexWrap="wrap">
        {items.map((i) => (
          <Button key={i.url} colorPalette="blue" disabled={pending} onClick={() => void download(i.url, i.name)}>
            {i.label}
          </Button>
        ))}
      </Stack>
      <InlineError message={error} />
    </Stack>
  );
}

function Making({ making }: { making: KitProgress | null }) {
  const progress = making?.progress ?? 0;
  return (
    <Stack gap="3" data-testid="defence-making">
      <Text fontSize="lg" data-testid="defence-stage">
        {making?.stage || 'Ожидание начала подготовки'}
      </Text>
      <ProgressLine value={progress} label="Подготовка комплекта" />
      <Text color="fg.muted">
        Обычно это занимает несколько минут. Страницу можно закрыть: когда комплект будет готов, мы пришлём письмо.
      </Text>
    </Stack>
  );
}

export function DefenceKit({ title, kit, making, onBuy, buying, buyError }: Props) {
  const buy = (label: string) => (
    <Stack gap="2" align="flex-start">
      <Button colorPalette="blue" size="lg" loading={buying} loadingText="Переход к оплате..." onClick={onBuy}>
        {label}
      </Button>
      <InlineError message={buyError} />
    </Stack>
  );
  return (
    <Stack gap="5" borderWidth="1px" borderRadius="lg" p={{ base: '4', md: '6' }} data-testid="defence-kit">
      <Stack gap="2">
        <Text>Комплект для выступления перед комиссией, подготовленный по тексту вашей работы:</Text>
        <List.Root gap="1" ps="5">
          {CONTENTS.map((c) => (
            <List.Item key={c}>{c}</List.Item>
          ))}
        </List.Root>
        <Text color="fg.muted" fontSize="sm">
          Каждая цифра на слайдах и в ответах взята из работы. Слайды проверены собственным нормоконтролем: размер шрифта, число строк,
          контраст, нумерация.
        </Text>
      </Stack>
      {!kit.available && kit.state === 'none' ? (
        <FormAlert status="info">Подготовка к защите доступна после покупки полной версии работы.</FormAlert>
      ) : kit.state === 'none' ? (
        buy(`Купить за ${formatRubles(kit.price)}`)
      ) : kit.state === 'pending_payment' ? (
        <Stack gap="2">
          <Text fontWeight="semibold">Ожидаем оплату</Text>
          <Text color="fg.muted">Если вы уже оплатили, комплект начнёт готовиться автоматически.</Text>
        </Stack>
      ) : kit.state === 'making' ? (
        <Making making={making ?? { stage: kit.stage ?? '', progress: kit.progress }} />
      ) : kit.state === 'failed' ? (
        <Stack gap="3">
          <FormAlert>{kit.error || `Не удалось подготовить комплект к защите. ${REFUND_PROMISE}`}</FormAlert>
          {kit.available ? buy(`Попробовать снова за ${formatRubles(kit.price)}`) : null}
        </Stack>
      ) : kit.files && kit.summary ? (
        <Stack gap="3">
          <Text fontWeight="semibold" data-testid="defence-ready">
            Комплект готов: {kit.summary.slides} слайдов, доклад на {kit.summary.speech_words} слов, {kit.summary.questions} вопросов
            комиссии с ответами.
          </Text>
          <Downloads title={title} files={kit.files} />
        </Stack>
      ) : null}
    </Stack>
  );
}
