/** The purchase panel of a demo's preview page: price, tariff, filters (hidden in the sticky copy),
 * promo code and the pay button. The state lives in usePurchasePanel so both copies share it. */
import { Box, Stack, Text } from '@chakra-ui/react';
import { priceOf, PURCHASE_PAPER_TYPE, tariffLabel, V, type PaperOptions, type Tariff, type PurchaseJsonInput } from '@app/contract';
import { useState } from 'react';
import { FormAlert } from '@/components/form-alert';
import { PROMO_LOOKUP } from '@/config/ui';
import { usePromo } from '../hooks/use-promo';
import { usePurchase } from '../hooks/use-purchase';
import { sourcesShortfall, useSourcesEstimate } from '../hooks/use-sources-estimate';
import { FormatOptions } from './format-options';
import { OrderSliders } from './order-sliders';
import { PayButton } from './pay-button';
import { PriceTag } from './price-tag';
import { PromoField } from './promo-field';
import { SHORTFALL_NOTE, SourcesEstimate } from './sources-estimate';

export interface PurchaseTarget {
  paperId: number;
  /** The demo's topic: the full version's sources are estimated for it. */
  topic: string;
  generationModel: Tariff;
  options: PaperOptions;
}

export function usePurchasePanel({ paperId, topic, generationModel, options }: PurchaseTarget) {
  const [year, setYear] = useState(options.min_publication_year);
  const [volume, setVolume] = useState(options.required_volume);
  const [format, setFormat] = useState({
    useFootnotes: options.use_footnotes ?? false,
    separateBibliography: (options.use_footnotes ?? false) && (options.separate_bibliography ?? false),
  });
  const promo = usePromo();
  const purchase = usePurchase({ onPromoRejected: promo.reject });
  // The full version keeps the demo's files: they count toward its minimum of sources.
  const sources = useSourcesEstimate(topic, year, volume, options.references.length);
  const shortfall = sourcesShortfall(sources.estimate, PURCHASE_PAPER_TYPE);
  const base = priceOf(PURCHASE_PAPER_TYPE, generationModel);
  const price = priceOf(PURCHASE_PAPER_TYPE, generationModel, promo.applied);

  const pay = async () => {
    if (purchase.busy || shortfall) return;
    // A typed code that is not confirmed blocks paying, without a request (section 5); a code too
    // short to be looked up never will be, so it says so at once (the button never answers with
    // silence). A longer one is being checked and its field shows the answer.
    if (promo.unconfirmed) {
      if (promo.status === 'idle' && promo.code.trim().length < PROMO_LOOKUP.from) promo.reject(V.promoNotFound);
      return;
    }
    const order: PurchaseJsonInput = {
      kind: 'from_demo',
      paper_id: paperId,
      model_name: generationModel,
      paper_type: 'full', // PURCHASE_PAPER_TYPE; the contract's from_demo order only takes the literal
      min_publication_year: year,
      required_volume: volume,
      use_footnotes: format.useFootnotes,
      separate_bibliography: format.separateBibliography,
      // The sources of the demo stay with the paper; no new files are attached here.
      gost_citations: [],
    };
    await purchase.pay({ purchase: order, fromTelegram: false, promoCode: promo.toSend || undefined });
  };

  return {
    generationModel,
    references: options.references,
    year,
    setYear,
    volume,
    setVolume,
    format,
    setFormat,
    promo,
    purchase,
    sources,
    shortfall,
    base,
    price,
    pay,
  };
}

export type PurchasePanelState = ReturnType<typeof usePurchasePanel>;

export function PurchasePanel({
  state,
  hideFilters = false,
  idPrefix,
}: {
  state: PurchasePanelState;
  hideFilters?: boolean;
  idPrefix: string;
}) {
  return (
    <Stack gap="4">
      <Stack gap="1">
        <PriceTag base={state.base} final={state.price} label="Полная версия" />
        <Text color="fg.muted" fontSize="sm">
          Тариф: <b>{tariffLabel(state.generationModel)}</b>
        </Text>
      </Stack>
      {hideFilters ? null : (
        <Stack gap="5">
          <OrderSliders year={state.year} volume={state.volume} onYear={state.setYear} onVolume={state.setVolume} />
          <SourcesEstimate state={state.sources} paperType={PURCHASE_PAPER_TYPE} />
          <FormatOptions
            useFootnotes={state.format.useFootnotes}
            separateBibliography={state.format.separateBibliography}
            onChange={state.setFormat}
          />
          {state.references.length > 0 ? (
            <Box>
              <Text fontWeight="medium" mb="1">
                Ваши источники
              </Text>
              <Stack as="ol" ps="5" gap="1" fontSize="sm" listStyleType="decimal">
                {state.references.map((r, i) => (
                  <li key={i}>{r}</li>
                ))}
              </Stack>
            </Box>
          ) : null}
        </Stack>
      )}
      <PromoField promo={state.promo} id={`${idPrefix}-promo`} />
      {state.purchase.error ? <FormAlert>{state.purchase.error}</FormAlert> : null}
      {state.shortfall ? (
        <Text color="orange.fg" fontSize="sm">
          {SHORTFALL_NOTE}
        </Text>
      ) : null}
      <PayButton
        id={`${idPrefix}-pay`}
        price={state.price}
        loading={state.purchase.busy}
        disabled={state.shortfall !== null}
        onClick={() => void state.pay()}
        w="full"
      />
    </Stack>
  );
}
