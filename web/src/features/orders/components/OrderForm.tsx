/** The order form of /demo (specification sections 2, 4, 5): topic, plan, type, formatting,
 * custom table of contents, sliders, sources with GOST references, promo code and the pay button. */
import { Button, Checkbox, Field, HStack, RadioGroup, Stack, Text, Textarea } from '@chakra-ui/react';
import {
  DEFAULT_PAPER_TYPE,
  DEFAULT_TARIFF,
  fields,
  forms,
  LIMITS,
  PAPER_TYPES,
  TARIFFS,
  priceOf,
  PRICES,
  tariffLabel,
  V,
  type PaperType,
  type Tariff,
  type PurchaseJsonInput,
} from '@app/contract';
import { useState } from 'react';
import { FormAlert } from '@/components/FormAlert';
import { FormStack } from '@/components/FormStack';
import { usePromo } from '../hooks/use-promo';
import { usePurchase } from '../hooks/use-purchase';
import { draftHasContent, emptyDraft, structureErrors, type StructureDraft } from '../structure';
import { citationError, FileAttachments, type Attachment } from './FileAttachments';
import { FormatOptions } from './FormatOptions';
import { OrderSliders } from './OrderSliders';
import { PayButton } from './PayButton';
import { PendingPaymentDialog } from './PendingPaymentDialog';
import { PriceTag } from './PriceTag';
import { PromoField } from './PromoField';
import { StructureDialog } from './StructureDialog';

const TYPE_LABELS: Record<PaperType, string> = { demo: 'Демо работа', full: 'Полная работа' };

function topicError(value: string): string | undefined {
  const result = fields.topic.safeParse(value);
  return result.success ? undefined : result.error.issues[0]?.message;
}

/** Moves focus to the first field with an error once React has shown it. */
function focusFirstError() {
  requestAnimationFrame(() => document.querySelector<HTMLElement>('form [aria-invalid="true"]')?.focus());
}

let nextFileId = 1;

export function OrderForm() {
  const [topic, setTopic] = useState('');
  const [topicTouched, setTopicTouched] = useState(false);
  const [plan, setPlan] = useState<Tariff>(DEFAULT_TARIFF);
  const [paperType, setPaperType] = useState<PaperType>(DEFAULT_PAPER_TYPE);
  const [format, setFormat] = useState({ useFootnotes: false, separateBibliography: false });
  const [customToc, setCustomToc] = useState(false);
  const [draft, setDraft] = useState<StructureDraft>(emptyDraft);
  const [tocOpen, setTocOpen] = useState(false);
  const [showTocErrors, setShowTocErrors] = useState(false);
  const [year, setYear] = useState<number>(LIMITS.publicationYear.default);
  const [volume, setVolume] = useState<number>(LIMITS.volume.default);
  const [files, setFiles] = useState<Attachment[]>([]);
  const [submitted, setSubmitted] = useState(false);
  const promo = usePromo();
  const purchase = usePurchase({ onPromoRejected: promo.reject });

  const tocErrors = customToc && showTocErrors ? structureErrors(draft) : {};
  const tocInvalid = Object.keys(tocErrors).length > 0;
  const topicMessage = submitted || topicTouched ? topicError(topic) : undefined;
  const price = priceOf(paperType, plan, promo.applied);

  const toggleToc = (on: boolean) => {
    setShowTocErrors(false);
    setDraft(emptyDraft());
    setCustomToc(on);
    setTocOpen(on);
  };
  const closeToc = () => {
    setTocOpen(false);
    // Nothing typed: the box is unticked again; otherwise the draft stays (an order checks it).
    if (!draftHasContent(draft)) toggleToc(false);
  };
  const saveToc = () => {
    setShowTocErrors(true);
    if (Object.keys(structureErrors(draft)).length === 0) setTocOpen(false);
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    purchase.setError(null);
    const title = fields.topic.safeParse(topic);
    const citationsValid = files.every((f) => !citationError(f.citation));
    const structureValid = !customToc || Object.keys(structureErrors(draft)).length === 0;
    if (customToc) setShowTocErrors(true);
    if (!title.success || !citationsValid || !structureValid) {
      focusFirstError();
      return;
    }
    const code = await promo.confirm();
    if (code === null) return;

    const order: PurchaseJsonInput = {
      kind: 'new',
      title: title.data,
      user_structure: customToc ? forms.structureFromDraft(draft) : null,
      model_name: plan,
      paper_type: paperType,
      use_footnotes: format.useFootnotes,
      separate_bibliography: format.separateBibliography,
      min_publication_year: year,
      required_volume: volume,
      gost_citations: files.map((f) => f.citation.trim()),
    };
    await purchase.pay({ purchase: order, files: files.map((f) => f.file), promoCode: code || undefined });
  };

  return (
    <FormStack gap="8" onSubmit={(e) => void submit(e)}>
      <Field.Root invalid={Boolean(topicMessage)} required>
        <Field.Label>
          Тема работы <Field.RequiredIndicator />
        </Field.Label>
        <Textarea
          value={topic}
          rows={2}
          autoresize
          maxLength={LIMITS.topic.max + 50}
          placeholder="Например: Цифровая трансформация малого бизнеса в России"
          onChange={(e) => setTopic(e.target.value)}
          onBlur={() => setTopicTouched(true)}
        />
        <Field.ErrorText>{topicMessage}</Field.ErrorText>
      </Field.Root>

      <Stack direction={{ base: 'column', md: 'row' }} gap="8">
        <RadioGroup.Root value={plan} onValueChange={(e) => setPlan(e.value as Tariff)} colorPalette="blue" flex="1">
          <Stack gap="3">
            <RadioGroup.Label fontWeight="medium">Тариф</RadioGroup.Label>
            {TARIFFS.map((p) => (
              <RadioGroup.Item key={p} value={p}>
                <RadioGroup.ItemHiddenInput />
                <RadioGroup.ItemIndicator />
                <RadioGroup.ItemText>{tariffLabel(p)}</RadioGroup.ItemText>
              </RadioGroup.Item>
            ))}
          </Stack>
        </RadioGroup.Root>
        <RadioGroup.Root value={paperType} onValueChange={(e) => setPaperType(e.value as PaperType)} colorPalette="blue" flex="1">
          <Stack gap="3">
            <RadioGroup.Label fontWeight="medium">Тип работы</RadioGroup.Label>
            {PAPER_TYPES.map((t) => (
              <RadioGroup.Item key={t} value={t}>
                <RadioGroup.ItemHiddenInput />
                <RadioGroup.ItemIndicator />
                <RadioGroup.ItemText>
                  {TYPE_LABELS[t]}{' '}
                  <Text as="span" color="fg.muted">
                    (от {PRICES[t].basic} ₽)
                  </Text>
                </RadioGroup.ItemText>
              </RadioGroup.Item>
            ))}
          </Stack>
        </RadioGroup.Root>
      </Stack>

      <Stack gap="3">
        <FormatOptions useFootnotes={format.useFootnotes} separateBibliography={format.separateBibliography} onChange={setFormat} />
        <HStack gap="3" wrap="wrap">
          <Checkbox.Root colorPalette="blue" checked={customToc} onCheckedChange={(e) => toggleToc(e.checked === true)} invalid={tocInvalid}>
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>Своё оглавление</Checkbox.Label>
          </Checkbox.Root>
          <Button size="xs" variant="outline" disabled={!customToc} onClick={() => setTocOpen(true)}>
            Изменить оглавление
          </Button>
        </HStack>
        {tocInvalid && !tocOpen ? <FormAlert>{V.structureInvalid}</FormAlert> : null}
      </Stack>

      <OrderSliders year={year} volume={volume} onYear={setYear} onVolume={setVolume} />

      <FileAttachments
        files={files}
        showErrors={submitted}
        onAdd={(added) => setFiles((list) => [...list, ...added.map((file) => ({ id: nextFileId++, file, citation: '' }))])}
        onRemove={(id) => setFiles((list) => list.filter((f) => f.id !== id))}
        onCitation={(id, citation) => setFiles((list) => list.map((f) => (f.id === id ? { ...f, citation } : f)))}
      />

      <PromoField promo={promo} id="order-promo" />

      <Stack gap="4" borderTopWidth="1px" pt="6">
        <PriceTag base={priceOf(paperType, plan)} final={price} label="К оплате" />
        {purchase.error ? <FormAlert>{purchase.error}</FormAlert> : null}
        <PayButton price={price} type="submit" loading={purchase.busy} alignSelf={{ base: 'stretch', sm: 'flex-start' }} />
      </Stack>

      <StructureDialog open={tocOpen} draft={draft} errors={tocErrors} onChange={setDraft} onSave={saveToc} onClose={closeToc} />
      <PendingPaymentDialog data={purchase.pending} onClose={purchase.closePending} />
    </FormStack>
  );
}
