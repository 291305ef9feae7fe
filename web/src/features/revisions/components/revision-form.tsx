/**
 * A new revision round: the supervisor's remarks as text and/or the .docx with their Word
 * comments, what to revise (the whole paper or chosen sections, each with an optional one-line
 * instruction), and the button that says what it costs. An included round starts at once (the
 * progress page); a paid one goes to the payment page first.
 */
import { Button, Checkbox, Field, HStack, Input, RadioGroup, Stack, Text, Textarea } from '@chakra-ui/react';
import { formatRubles, NETWORK_ERROR, REVISION_LIMITS, type RevisionsInfo } from '@app/contract';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { FormAlert } from '@/components/form-alert';
import { codeOf, detailOf, errorText } from '@/lib/errors';
import { createRevision } from '../api/create-revision';

interface Props {
  paper: RevisionsInfo['paper'];
  rounds: RevisionsInfo['rounds'];
}

const numberFormat = new Intl.NumberFormat('ru-RU');

export function RevisionForm({ paper, rounds }: Props) {
  const navigate = useNavigate();
  const file = useRef<HTMLInputElement>(null);
  const [remarks, setRemarks] = useState('');
  const [docx, setDocx] = useState<File | null>(null);
  const [chosen, setChosen] = useState<'all' | 'sections'>('all');
  const [sections, setSections] = useState<Set<string>>(new Set());
  const [instructions, setInstructions] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const free = rounds.left > 0;
  const tooLong = remarks.length > REVISION_LIMITS.remarksChars;

  const toggle = (key: string, on: boolean) =>
    setSections((current) => {
      const next = new Set(current);
      if (on) next.add(key);
      else next.delete(key);
      return next;
    });

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setError(null);
    if (chosen === 'sections' && sections.size === 0) return setError('Отметьте разделы, которые нужно доработать');
    setBusy(true);
    try {
      const picked = paper.sections.filter((s) => sections.has(s.key));
      const response = await createRevision(paper.id, {
        remarks,
        docx,
        pay: !free,
        scope:
          chosen === 'sections'
            ? {
                sections: picked.map((s) => s.key),
                instructions: picked
                  .filter((s) => instructions[s.key]?.trim())
                  .map((s) => ({ section: s.key, text: instructions[s.key].trim() })),
              }
            : undefined,
      });
      if (response.status === 200) {
        const { task_id, confirmation_url } = response.body.data;
        // Stay busy: the browser is leaving for the payment or the progress page.
        if (confirmation_url) window.location.assign(confirmation_url);
        else void navigate(`/payment/waiting?task_id=${task_id}&revision=${paper.id}`);
        return;
      }
      setError(messageOf(response));
    } catch (e) {
      console.error('revision create failed', e);
      setError(NETWORK_ERROR);
    }
    setBusy(false);
  };

  return (
    <Stack as="form" gap="6" onSubmit={(e) => void submit(e)} aria-labelledby="new-revision-title">
      <Field.Root invalid={tooLong}>
        <Field.Label>Замечания руководителя</Field.Label>
        <Textarea
          value={remarks}
          onChange={(e) => setRemarks(e.target.value)}
          rows={6}
          autoresize
          placeholder={'1. Раскройте подробнее п. 2.1\n2. Замените устаревшие источники\n3. Где выводы по главе 2?'}
        />
        <HStack justify="space-between" w="full" align="flex-start" gap="4">
          {tooLong ? (
            <Field.ErrorText>Не больше {numberFormat.format(REVISION_LIMITS.remarksChars)} знаков</Field.ErrorText>
          ) : (
            <Field.HelperText>
              Каждое замечание — с новой строки или отдельным пунктом списка. Раздел можно указать прямо в тексте: «п. 2.1 — приведите
              пример».
            </Field.HelperText>
          )}
          <Text fontSize="sm" color={tooLong ? 'red.600' : 'fg.muted'} whiteSpace="nowrap" data-testid="remarks-count">
            {numberFormat.format(remarks.length)} / {numberFormat.format(REVISION_LIMITS.remarksChars)}
          </Text>
        </HStack>
      </Field.Root>

      <Stack gap="2">
        <Text fontWeight="medium">Файл с комментариями руководителя (.docx)</Text>
        <Text fontSize="sm" color="fg.muted">
          Подойдёт любой .docx этой работы, в том числе исправленный вами: каждый комментарий Word станет замечанием, а место, к которому он
          относится, мы найдём по тексту.
        </Text>
        <input
          ref={file}
          type="file"
          accept=".docx,application/vnd.openxmlformats-officedocument.wordprocessingml.document"
          hidden
          data-testid="remarks-docx"
          onChange={(e) => setDocx(e.target.files?.[0] ?? null)}
        />
        <HStack gap="3" flexWrap="wrap">
          <Button variant="outline" onClick={() => file.current?.click()}>
            {docx ? 'Выбрать другой файл' : 'Выбрать файл'}
          </Button>
          {docx ? (
            <>
              <Text overflowWrap="anywhere" data-testid="remarks-docx-name">
                {docx.name}
              </Text>
              <Button
                variant="ghost"
                size="sm"
                onClick={() => {
                  setDocx(null);
                  if (file.current) file.current.value = '';
                }}
              >
                Убрать
              </Button>
            </>
          ) : null}
        </HStack>
      </Stack>

      <RadioGroup.Root value={chosen} onValueChange={(e) => setChosen(e.value as 'all' | 'sections')} colorPalette="blue">
        <Stack gap="3">
          <RadioGroup.Label fontWeight="medium">Что дорабатывать</RadioGroup.Label>
          <RadioGroup.Item value="all">
            <RadioGroup.ItemHiddenInput />
            <RadioGroup.ItemIndicator />
            <RadioGroup.ItemText>Всю работу: разделы, к которым относятся замечания</RadioGroup.ItemText>
          </RadioGroup.Item>
          <RadioGroup.Item value="sections">
            <RadioGroup.ItemHiddenInput />
            <RadioGroup.ItemIndicator />
            <RadioGroup.ItemText>Только выбранные разделы</RadioGroup.ItemText>
          </RadioGroup.Item>
        </Stack>
      </RadioGroup.Root>
      {chosen === 'sections' ? (
        <Stack gap="3" pl={{ base: '0', md: '6' }} data-testid="revision-sections">
          {paper.sections.map((s) => (
            <Stack key={s.key} gap="2">
              <Checkbox.Root colorPalette="blue" checked={sections.has(s.key)} onCheckedChange={(e) => toggle(s.key, e.checked === true)}>
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                <Checkbox.Label>{/^\d/.test(s.key) ? `${s.key} ${s.title}` : s.title}</Checkbox.Label>
              </Checkbox.Root>
              {sections.has(s.key) ? (
                <Input
                  aria-label={`Указание для раздела «${s.title}»`}
                  placeholder="Указание (необязательно): например, сделайте акцент на малом бизнесе Сибири"
                  maxLength={REVISION_LIMITS.instructionChars}
                  value={instructions[s.key] ?? ''}
                  onChange={(e) => setInstructions((all) => ({ ...all, [s.key]: e.target.value }))}
                  ml={{ base: '0', md: '7' }}
                  w="auto"
                />
              ) : null}
            </Stack>
          ))}
        </Stack>
      ) : null}

      {error ? <FormAlert>{error}</FormAlert> : null}
      <Stack direction={{ base: 'column', sm: 'row' }} align={{ base: 'stretch', sm: 'center' }} gap="3">
        <Button type="submit" colorPalette="blue" loading={busy} disabled={tooLong}>
          {free ? 'Доработать бесплатно' : `Оплатить ${formatRubles(rounds.price)} и доработать`}
        </Button>
        <Text fontSize="sm" color="fg.muted">
          Меняются только разделы, к которым относятся замечания; остальной текст остаётся как есть.
        </Text>
      </Stack>
    </Stack>
  );
}

/** The answer's message: the server's own words for the revision's codes, the catalogue's otherwise. */
function messageOf(response: { status: number; body: unknown }): string {
  const code = codeOf(response);
  if (code === 'pending_payment') return 'У вас есть незавершённая покупка: оплатите или отмените её в личном кабинете, затем повторите.';
  return (code && detailOf(response)) || errorText(response);
}
