/** The two sliders of an order: minimum publication year of the sources, and volume in pages. */
import { HStack, Slider, Stack, Text } from '@chakra-ui/react';
import { LIMITS } from '@app/contract';

interface SliderFieldProps {
  label: string;
  value: number;
  min: number;
  max: number;
  onChange: (value: number) => void;
  unit?: string;
}

function SliderField({ label, value, min, max, onChange, unit = '' }: SliderFieldProps) {
  return (
    <Slider.Root value={[value]} min={min} max={max} step={1} onValueChange={(e) => onChange(e.value[0])} colorPalette="blue">
      <HStack justify="space-between">
        <Slider.Label>{label}</Slider.Label>
        <Slider.ValueText fontWeight="bold">
          {value}
          {unit}
        </Slider.ValueText>
      </HStack>
      <Slider.Control>
        <Slider.Track>
          <Slider.Range />
        </Slider.Track>
        <Slider.Thumbs />
      </Slider.Control>
      <HStack justify="space-between" fontSize="xs" color="fg.muted">
        <Text>{min}</Text>
        <Text>{max}</Text>
      </HStack>
    </Slider.Root>
  );
}

interface Props {
  year: number;
  volume: number;
  onYear: (value: number) => void;
  onVolume: (value: number) => void;
}

export function OrderSliders({ year, volume, onYear, onVolume }: Props) {
  const { publicationYear, volume: pages } = LIMITS;
  return (
    <Stack gap="6">
      <SliderField
        label="Минимальный год публикации источников"
        value={year}
        min={publicationYear.min}
        max={publicationYear.max}
        onChange={onYear}
      />
      <SliderField label="Объём работы, страниц" value={volume} min={pages.min} max={pages.max} onChange={onVolume} />
    </Stack>
  );
}
