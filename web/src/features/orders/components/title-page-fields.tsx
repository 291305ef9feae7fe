/** The title page's optional details (university, faculty, department, student, group, supervisor,
 * city), folded away under "Титульный лист (необязательно)": what is left empty is printed as a
 * line the student fills in. Checked with the contract's limits and messages. */
import { Box, Button, Collapsible, Field, Input, NativeSelect, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import {
  DEFAULT_MINISTRY,
  DEFAULT_WORK_KIND,
  fields,
  MINISTRIES,
  MINISTRY_NAMES,
  WORK_KINDS,
  WORK_KIND_NAMES,
  type Ministry,
  type TitlePage,
  type WorkKind,
} from '@app/contract';
import type { FieldErrors, UseFormRegisterReturn } from 'react-hook-form';
import { ChevronDownIcon } from '@/components/icons';

type TextKey = keyof typeof fields.TITLE_PAGE_LABELS;

/** The block's values in the form: the selects always hold a choice, a text may be empty. */
export interface TitlePageDraft extends Record<TextKey, string> {
  ministry: Ministry;
  work_kind: WorkKind;
}

export const emptyTitlePage = (): TitlePageDraft => ({
  ministry: DEFAULT_MINISTRY,
  work_kind: DEFAULT_WORK_KIND,
  university: '',
  faculty: '',
  department: '',
  student: '',
  group: '',
  supervisor: '',
  head_of_department: '',
  city: '',
});

const MAX = fields.TITLE_PAGE_MAX;

const PLACEHOLDERS: Record<TextKey, string> = {
  university: 'Например: Уральский федеральный университет',
  faculty: 'Например: экономический',
  department: 'Например: экономики и управления',
  student: 'Например: Иванова А. С.',
  group: 'Например: ЭК-21-1',
  supervisor: 'Например: канд. экон. наук, доцент Петров П. П.',
  head_of_department: 'Например: Сидоров С. С.',
  city: 'Например: Екатеринбург',
};

const TEXT_KEYS = Object.keys(MAX) as TextKey[];

/** What the order sends: null when nothing was changed, otherwise the choices and the filled texts. */
export function titlePageOf(draft: TitlePageDraft): TitlePage | null {
  const texts = Object.fromEntries(TEXT_KEYS.map((k) => [k, draft[k].trim()] as const).filter(([, v]) => v.length > 0)) as Partial<
    Record<TextKey, string>
  >;
  const untouched = Object.keys(texts).length === 0 && draft.ministry === DEFAULT_MINISTRY && draft.work_kind === DEFAULT_WORK_KIND;
  return untouched ? null : { ministry: draft.ministry, work_kind: draft.work_kind, ...texts };
}

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The form's registration of a field of the block. */
  field: (key: keyof TitlePageDraft) => UseFormRegisterReturn;
  errors: FieldErrors<TitlePageDraft> | undefined;
}

export function TitlePageFields({ open, onOpenChange, field, errors }: Props) {
  return (
    <Collapsible.Root open={open} onOpenChange={(e) => onOpenChange(e.open)}>
      <Box borderWidth="1px" borderRadius="md">
        <Collapsible.Trigger asChild>
          <Button variant="ghost" w="full" justifyContent="space-between" fontWeight="medium">
            Титульный лист (необязательно)
            <ChevronDownIcon transform={open ? 'rotate(180deg)' : undefined} transition="transform 0.2s" />
          </Button>
        </Collapsible.Trigger>
        <Collapsible.Content>
          <Stack gap="4" px="4" pb="4">
            <Text color="fg.muted" fontSize="sm">
              Заполненные поля попадут на титульный лист; вместо пустых будут строки, которые можно заполнить от руки.
            </Text>
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
              <Field.Root>
                <Field.Label>Министерство</Field.Label>
                <NativeSelect.Root>
                  <NativeSelect.Field {...field('ministry')}>
                    {MINISTRIES.map((m) => (
                      <option key={m} value={m}>
                        {MINISTRY_NAMES[m]}
                      </option>
                    ))}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
              </Field.Root>
              <Field.Root>
                <Field.Label>Вид работы</Field.Label>
                <NativeSelect.Root>
                  <NativeSelect.Field {...field('work_kind')}>
                    {WORK_KINDS.map((k) => (
                      <option key={k} value={k}>
                        {WORK_KIND_NAMES[k]}
                      </option>
                    ))}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
              </Field.Root>
              {TEXT_KEYS.map((key) => {
                const message = errors?.[key]?.message;
                return (
                  <Field.Root key={key} invalid={Boolean(message)}>
                    <Field.Label>{fields.TITLE_PAGE_LABELS[key]}</Field.Label>
                    <Input {...field(key)} maxLength={MAX[key] + 20} placeholder={PLACEHOLDERS[key]} />
                    <Field.ErrorText>{message}</Field.ErrorText>
                  </Field.Root>
                );
              })}
            </SimpleGrid>
          </Stack>
        </Collapsible.Content>
      </Box>
    </Collapsible.Root>
  );
}
