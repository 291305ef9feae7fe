/** The order form of /demo (specification sections 2, 4, 5): topic, tariff, type, formatting,
 * custom table of contents, sliders, sources with GOST references, promo code and the pay button. */
import { Button, Checkbox, Field, HStack, RadioGroup, Stack, Text, Textarea } from '@chakra-ui/react';
import {
  DEFAULT_PAPER_TYPE,
  DEFAULT_TARIFF,
  fields,
  formatRubles,
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
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, type FieldErrors } from 'react-hook-form';
import { z } from 'zod';
import { FormAlert } from '@/components/form-alert';
import { FormStack } from '@/components/form-stack';
import { usePromo } from '../hooks/use-promo';
import { usePurchase } from '../hooks/use-purchase';
import { sourcesShortfall, useSourcesEstimate } from '../hooks/use-sources-estimate';
import { draftHasContent, emptyDraft, structureErrors } from '../structure';
import { FileAttachments, type Attachment } from './file-attachments';
import { FormatOptions } from './format-options';
import { OrderSliders } from './order-sliders';
import { PayButton } from './pay-button';
import { PendingPaymentDialog } from './pending-payment-dialog';
import { PriceTag } from './price-tag';
import { PromoField } from './promo-field';
import { SHORTFALL_NOTE, SourcesEstimate } from './sources-estimate';
import { StructureDialog } from './structure-dialog';
import { emptyTitlePage, TitlePageFields, titlePageOf, type TitlePageDraft } from './title-page-fields';

const TYPE_LABELS: Record<PaperType, string> = { demo: 'Демо работа', full: 'Полная работа' };

/** The form's values, checked with the contract's fields (the same Russian messages as the API). */
const orderForm = z
  .object({
    topic: fields.topic,
    tariff: fields.tariff,
    paperType: fields.paperType,
    useFootnotes: z.boolean(),
    separateBibliography: z.boolean(),
    customToc: z.boolean(),
    draft: z.custom<forms.StructureDraft>(),
    year: z.number(),
    volume: z.number(),
    files: z.array(z.object({ id: z.number(), file: z.custom<File>(), citation: fields.gostCitation })),
    titlePage: fields.titlePage,
    aiAppendix: z.boolean(),
  })
  .superRefine((values, ctx) => {
    if (values.customToc && !forms.structureDraftForm.safeParse(values.draft).success) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['draft'], message: V.structureInvalid });
    }
  });
type OrderFormValues = z.input<typeof orderForm>;

const initialValues = (): OrderFormValues => ({
  topic: '',
  tariff: DEFAULT_TARIFF,
  paperType: DEFAULT_PAPER_TYPE,
  useFootnotes: false,
  separateBibliography: false,
  customToc: false,
  draft: emptyDraft(),
  year: LIMITS.publicationYear.default,
  volume: LIMITS.volume.default,
  files: [],
  titlePage: emptyTitlePage(),
  aiAppendix: true,
});

/** Moves focus to the first field with an error once React has shown it. */
function focusFirstError() {
  requestAnimationFrame(() => document.querySelector<HTMLElement>('form [aria-invalid="true"]')?.focus());
}

let nextFileId = 1;

export function OrderForm() {
  // A field shows its error once blurred, then on every change; after a submit, every field.
  const form = useForm<OrderFormValues>({
    resolver: zodResolver(orderForm),
    defaultValues: initialValues(),
    mode: 'onTouched',
    shouldFocusError: false,
  });
  const { register, watch, setValue, formState } = form;
  const values = watch();
  // The table of contents dialog: open, and whether its errors are shown (after Save or an order).
  const [tocOpen, setTocOpen] = useState(false);
  const [showTocErrors, setShowTocErrors] = useState(false);
  const [titleOpen, setTitleOpen] = useState(false);
  const promo = usePromo();
  const purchase = usePurchase({ onPromoRejected: promo.reject });
  const sources = useSourcesEstimate(values.topic, values.year, values.volume, values.files.length);
  // Too few sources for the paper: the server would refuse it, so it cannot be paid for.
  const shortfall = sourcesShortfall(sources.estimate, values.paperType);

  const tocErrors = values.customToc && showTocErrors ? structureErrors(values.draft) : {};
  const tocInvalid = Object.keys(tocErrors).length > 0;
  const price = priceOf(values.paperType, values.tariff, promo.applied);
  const set = <K extends keyof OrderFormValues>(key: K, value: OrderFormValues[K]) =>
    setValue(key, value as never, { shouldValidate: formState.isSubmitted });

  const toggleToc = (on: boolean) => {
    setShowTocErrors(false);
    set('draft', emptyDraft());
    set('customToc', on);
    setTocOpen(on);
  };
  const closeToc = () => {
    setTocOpen(false);
    // Nothing typed: the box is unticked again; otherwise the draft stays (an order checks it).
    if (!draftHasContent(values.draft)) toggleToc(false);
  };
  const saveToc = () => {
    setShowTocErrors(true);
    if (Object.keys(structureErrors(values.draft)).length === 0) setTocOpen(false);
  };

  const order = async (v: OrderFormValues) => {
    if (shortfall) return;
    const code = await promo.confirm();
    if (code === null) return;
    const purchaseJson: PurchaseJsonInput = {
      kind: 'new',
      title: v.topic.trim(),
      user_structure: v.customToc ? forms.structureFromDraft(v.draft) : null,
      model_name: v.tariff,
      paper_type: v.paperType,
      use_footnotes: v.useFootnotes,
      separate_bibliography: v.separateBibliography,
      min_publication_year: v.year,
      required_volume: v.volume,
      gost_citations: v.files.map((f) => f.citation.trim()),
      title_page: titlePageOf(v.titlePage as TitlePageDraft),
      ai_appendix: v.aiAppendix,
    };
    await purchase.pay({ purchase: purchaseJson, files: v.files.map((f) => f.file), promoCode: code || undefined });
  };
  const submit = form.handleSubmit(order, (errors) => {
    // A mistake in the folded title page block unfolds it, so the message is seen.
    if (errors.titlePage) setTitleOpen(true);
    focusFirstError();
  });

  const topicMessage = formState.errors.topic?.message;
  const files = values.files as Attachment[];

  return (
    <FormStack
      gap="8"
      onSubmit={(e) => {
        purchase.setError(null);
        if (values.customToc) setShowTocErrors(true);
        void submit(e);
      }}
    >
      <Field.Root invalid={Boolean(topicMessage)} required>
        <Field.Label>
          Тема работы <Field.RequiredIndicator />
        </Field.Label>
        <Textarea
          {...register('topic')}
          rows={2}
          autoresize
          maxLength={LIMITS.topic.max + 50}
          placeholder="Например: Цифровая трансформация малого бизнеса в России"
        />
        <Field.ErrorText>{topicMessage}</Field.ErrorText>
      </Field.Root>
      <SourcesEstimate state={sources} paperType={values.paperType} />

      <Stack direction={{ base: 'column', md: 'row' }} gap="8">
        <RadioGroup.Root value={values.tariff} onValueChange={(e) => set('tariff', e.value as Tariff)} colorPalette="blue" flex="1">
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
        <RadioGroup.Root
          value={values.paperType}
          onValueChange={(e) => set('paperType', e.value as PaperType)}
          colorPalette="blue"
          flex="1"
        >
          <Stack gap="3">
            <RadioGroup.Label fontWeight="medium">Тип работы</RadioGroup.Label>
            {PAPER_TYPES.map((t) => (
              <RadioGroup.Item key={t} value={t}>
                <RadioGroup.ItemHiddenInput />
                <RadioGroup.ItemIndicator />
                <RadioGroup.ItemText>
                  {TYPE_LABELS[t]}{' '}
                  <Text as="span" color="fg.muted">
                    (от {formatRubles(PRICES[t].basic)})
                  </Text>
                </RadioGroup.ItemText>
              </RadioGroup.Item>
            ))}
          </Stack>
        </RadioGroup.Root>
      </Stack>

      <Stack gap="3">
        <FormatOptions
          useFootnotes={values.useFootnotes}
          separateBibliography={values.separateBibliography}
          onChange={(next) => {
            set('useFootnotes', next.useFootnotes);
            set('separateBibliography', next.separateBibliography);
          }}
        />
        <HStack gap="3" wrap="wrap">
          <Checkbox.Root
            colorPalette="blue"
            checked={values.customToc}
            onCheckedChange={(e) => toggleToc(e.checked === true)}
            invalid={tocInvalid}
          >
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>Своё оглавление</Checkbox.Label>
          </Checkbox.Root>
          <Button size="xs" variant="outline" disabled={!values.customToc} onClick={() => setTocOpen(true)}>
            Изменить оглавление
          </Button>
        </HStack>
        {tocInvalid && !tocOpen ? <FormAlert>{V.structureInvalid}</FormAlert> : null}
        <Checkbox.Root colorPalette="blue" checked={values.aiAppendix} onCheckedChange={(e) => set('aiAppendix', e.checked === true)}>
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>Добавить приложение об использовании ИИ</Checkbox.Label>
        </Checkbox.Root>
      </Stack>

      <TitlePageFields
        open={titleOpen}
        onOpenChange={setTitleOpen}
        field={(key) => register(`titlePage.${key}`)}
        errors={formState.errors.titlePage as FieldErrors<TitlePageDraft> | undefined}
      />

      <OrderSliders year={values.year} volume={values.volume} onYear={(v) => set('year', v)} onVolume={(v) => set('volume', v)} />

      <FileAttachments
        files={files}
        showErrors={formState.isSubmitted}
        onAdd={(added) => set('files', [...files, ...added.map((file) => ({ id: nextFileId++, file, citation: '' }))])}
        onRemove={(id) =>
          set(
            'files',
            files.filter((f) => f.id !== id),
          )
        }
        onCitation={(id, citation) =>
          set(
            'files',
            files.map((f) => (f.id === id ? { ...f, citation } : f)),
          )
        }
      />

      <PromoField promo={promo} id="order-promo" />

      <Stack gap="4" borderTopWidth="1px" pt="6">
        <PriceTag base={priceOf(values.paperType, values.tariff)} final={price} label="К оплате" />
        {purchase.error ? <FormAlert>{purchase.error}</FormAlert> : null}
        {shortfall ? (
          <Text color="orange.fg" fontSize="sm">
            {SHORTFALL_NOTE}
          </Text>
        ) : null}
        <PayButton
          price={price}
          type="submit"
          loading={purchase.busy}
          disabled={shortfall !== null}
          alignSelf={{ base: 'stretch', sm: 'flex-start' }}
        />
      </Stack>

      <StructureDialog
        open={tocOpen}
        draft={values.draft}
        errors={tocErrors}
        onChange={(draft) => set('draft', draft)}
        onSave={saveToc}
        onClose={closeToc}
      />
      <PendingPaymentDialog data={purchase.pending} onClose={purchase.closePending} />
    </FormStack>
  );
}
