/** The custom table of contents dialog: 3 chapters with a title and subsections 1.1, 1.2 ...;
 * 3 subsections to start with, up to 4, the 4th removable. Save checks the draft. */
import { Button, Field, Heading, HStack, IconButton, Input, Stack } from '@chakra-ui/react';
import { LIMITS } from '@app/contract';
import { AppDialog } from '@/components/app-dialog';
import { CrossIcon } from '@/components/icons';
import type { StructureDraft } from '../structure';

interface Props {
  open: boolean;
  draft: StructureDraft;
  /** Messages by field key (see structureErrors); empty until a save or an order is attempted. */
  errors: Record<string, string>;
  onChange: (draft: StructureDraft) => void;
  onSave: () => void;
  onClose: () => void;
}

export function StructureDialog({ open, draft, errors, onChange, onSave, onClose }: Props) {
  const setTitle = (ch: number, title: string) => onChange(draft.map((c, i) => (i === ch ? { ...c, title } : c)));
  const setSub = (ch: number, sub: number, value: string) =>
    onChange(draft.map((c, i) => (i === ch ? { ...c, subsections: c.subsections.map((s, j) => (j === sub ? value : s)) } : c)));
  const addSub = (ch: number) => onChange(draft.map((c, i) => (i === ch ? { ...c, subsections: [...c.subsections, ''] } : c)));
  const removeSub = (ch: number, sub: number) =>
    onChange(draft.map((c, i) => (i === ch ? { ...c, subsections: c.subsections.filter((_, j) => j !== sub) } : c)));

  return (
    <AppDialog
      open={open}
      onClose={onClose}
      title="Своё оглавление"
      size="lg"
      scrollBehavior="inside"
      footer={
        <Button colorPalette="blue" onClick={onSave}>
          Сохранить
        </Button>
      }
    >
      <Stack gap="6">
        {draft.map((chapter, ch) => (
          <Stack key={ch} gap="3" role="group" aria-labelledby={`toc-chapter-${ch}`}>
            <Heading as="h3" size="sm" id={`toc-chapter-${ch}`}>
              Глава {ch + 1}
            </Heading>
            <Field.Root invalid={Boolean(errors[`ch.${ch}`])}>
              <Field.Label>Название главы {ch + 1}</Field.Label>
              <Input value={chapter.title} onChange={(e) => setTitle(ch, e.target.value)} />
              <Field.ErrorText>{errors[`ch.${ch}`]}</Field.ErrorText>
            </Field.Root>
            {chapter.subsections.map((sub, j) => {
              const number = `${ch + 1}.${j + 1}`;
              const error = errors[`ch.${ch}.sub.${j}`];
              return (
                <Field.Root key={j} invalid={Boolean(error)} ps={{ base: '2', sm: '6' }}>
                  <Field.Label fontWeight="normal">Подраздел {number}</Field.Label>
                  <HStack w="full">
                    <Input value={sub} onChange={(e) => setSub(ch, j, e.target.value)} />
                    {j === LIMITS.structure.maxSubsections - 1 ? (
                      <IconButton aria-label={`Удалить подраздел ${number}`} variant="ghost" onClick={() => removeSub(ch, j)}>
                        <CrossIcon />
                      </IconButton>
                    ) : null}
                  </HStack>
                  <Field.ErrorText>{error}</Field.ErrorText>
                </Field.Root>
              );
            })}
            {chapter.subsections.length < LIMITS.structure.maxSubsections ? (
              <Button variant="outline" size="sm" alignSelf="flex-start" ms={{ base: '2', sm: '6' }} onClick={() => addSub(ch)}>
                Добавить подраздел {ch + 1}.{chapter.subsections.length + 1}
              </Button>
            ) : null}
          </Stack>
        ))}
      </Stack>
    </AppDialog>
  );
}
