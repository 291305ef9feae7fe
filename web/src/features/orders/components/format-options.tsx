/** Footnotes and split bibliography: the split list needs footnotes, so unticking footnotes unticks it. */
import { Checkbox, Stack } from '@chakra-ui/react';

interface Props {
  useFootnotes: boolean;
  separateBibliography: boolean;
  onChange: (next: { useFootnotes: boolean; separateBibliography: boolean }) => void;
}

export function FormatOptions({ useFootnotes, separateBibliography, onChange }: Props) {
  return (
    <Stack gap="3">
      <Checkbox.Root
        colorPalette="blue"
        checked={useFootnotes}
        onCheckedChange={(e) => {
          const on = e.checked === true;
          onChange({ useFootnotes: on, separateBibliography: on && separateBibliography });
        }}
      >
        <Checkbox.HiddenInput />
        <Checkbox.Control />
        <Checkbox.Label>Оформление ссылок на источники сносками</Checkbox.Label>
      </Checkbox.Root>
      <Checkbox.Root
        colorPalette="blue"
        checked={separateBibliography}
        disabled={!useFootnotes}
        onCheckedChange={(e) => onChange({ useFootnotes, separateBibliography: e.checked === true })}
      >
        <Checkbox.HiddenInput />
        <Checkbox.Control />
        <Checkbox.Label>Разделённый список литературы (только со сносками)</Checkbox.Label>
      </Checkbox.Root>
    </Stack>
  );
}
