/** Source files of an order, each with its GOST reference text; the dialogs for unsupported
 * formats and for more than 5 files. */
import { Box, Button, Card, Field, HStack, IconButton, Stack, Text, Textarea } from '@chakra-ui/react';
import { fields, LIMITS, V } from '@app/contract';
import { useRef, useState } from 'react';
import { AppDialog } from '@/components/app-dialog';
import { CrossIcon } from '@/components/icons';
import { pickFiles } from '../files';

export interface Attachment {
  id: number;
  file: File;
  citation: string;
}

interface Props {
  files: Attachment[];
  /** Show every citation's error (after an order attempt), not only the edited ones. */
  showErrors: boolean;
  onAdd: (files: File[]) => void;
  onRemove: (id: number) => void;
  onCitation: (id: number, value: string) => void;
}

function citationError(value: string): string | undefined {
  const result = fields.gostCitation.safeParse(value);
  return result.success ? undefined : result.error.issues[0]?.message;
}

const sizeText = (bytes: number) =>
  bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} КБ` : `${(bytes / 1024 / 1024).toFixed(1)} МБ`;

export function FileAttachments({ files, showErrors, onAdd, onRemove, onCitation }: Props) {
  const input = useRef<HTMLInputElement>(null);
  const [touched, setTouched] = useState<Record<number, boolean>>({});
  const [unsupported, setUnsupported] = useState<string[]>([]);
  const [tooMany, setTooMany] = useState(false);

  const choose = (list: FileList | null) => {
    const pick = pickFiles(Array.from(list ?? []), files.length);
    if (pick.tooMany) setTooMany(true);
    else if (pick.unsupported.length > 0) setUnsupported(pick.unsupported);
    if (pick.accepted.length > 0) onAdd(pick.accepted);
    // The same file can be chosen again after it was removed.
    if (input.current) input.current.value = '';
  };

  return (
    <Stack gap="3">
      <Box>
        <Text fontWeight="medium">Источники</Text>
        <Text fontSize="sm" color="fg.muted">
          Файлы {LIMITS.files.extensions.join(', ')}, не больше {LIMITS.files.max}. Для каждого укажите ссылку на источник по ГОСТ.
        </Text>
      </Box>
      {files.map((a, i) => {
        const error = showErrors || touched[a.id] ? citationError(a.citation) : undefined;
        return (
          <Card.Root key={a.id} variant="outline" size="sm">
            <Card.Body>
              <Stack gap="2">
                <HStack justify="space-between" gap="2">
                  <Text fontWeight="medium" overflowWrap="anywhere" data-testid="attached-file">
                    {a.file.name}{' '}
                    <Text as="span" color="fg.muted" fontWeight="normal" fontSize="sm">
                      ({sizeText(a.file.size)})
                    </Text>
                  </Text>
                  <IconButton aria-label={`Убрать файл ${a.file.name}`} variant="ghost" size="sm" onClick={() => onRemove(a.id)}>
                    <CrossIcon />
                  </IconButton>
                </HStack>
                <Field.Root invalid={Boolean(error)}>
                  <Field.Label>ГОСТ ссылка на источник {i + 1}</Field.Label>
                  <Textarea
                    value={a.citation}
                    rows={2}
                    autoresize
                    placeholder="Иванов И. И. Название книги. — М.: Издательство, 2020. — 200 с."
                    onChange={(e) => onCitation(a.id, e.target.value)}
                    onBlur={() => setTouched((t) => ({ ...t, [a.id]: true }))}
                  />
                  <Field.ErrorText>{error}</Field.ErrorText>
                </Field.Root>
              </Stack>
            </Card.Body>
          </Card.Root>
        );
      })}
      <input
        ref={input}
        type="file"
        multiple
        hidden
        data-testid="file-input"
        accept={LIMITS.files.extensions.join(',')}
        onChange={(e) => choose(e.target.files)}
      />
      <Button variant="outline" alignSelf="flex-start" onClick={() => input.current?.click()} disabled={files.length >= LIMITS.files.max}>
        Прикрепить файлы
      </Button>
      <AppDialog
        open={unsupported.length > 0}
        onClose={() => setUnsupported([])}
        title={V.unsupportedFileTitle}
        size="sm"
        role="alertdialog"
        footer={<Button onClick={() => setUnsupported([])}>Понятно</Button>}
      >
        <Text>Можно прикрепить только файлы {LIMITS.files.extensions.join(', ')}. Не добавлены:</Text>
        <Stack as="ul" ps="5" mt="2" gap="1" listStyleType="disc">
          {unsupported.map((name) => (
            <li key={name}>{name}</li>
          ))}
        </Stack>
      </AppDialog>
      <AppDialog
        open={tooMany}
        onClose={() => setTooMany(false)}
        title={V.tooManyFilesTitle}
        size="sm"
        role="alertdialog"
        footer={<Button onClick={() => setTooMany(false)}>Понятно</Button>}
      >
        <Text>
          {V.tooManyFilesText}. Сейчас прикреплено: {files.length}. Выберите файлы заново так, чтобы всего их было не больше{' '}
          {LIMITS.files.max}.
        </Text>
      </AppDialog>
    </Stack>
  );
}
