/** The sort dropdown of a list: each option a value and its label. */
import { NativeSelect, type NativeSelectRootProps } from '@chakra-ui/react';
import { useHydrated } from '@/lib/use-hydrated';

interface Props<T extends string> {
  options: readonly T[];
  labels: Record<T, string>;
  value: T;
  onChange: (value: T) => void;
  size?: NativeSelectRootProps['size'];
  width?: NativeSelectRootProps['width'];
}

export function SortSelect<T extends string>({ options, labels, value, onChange, size, width }: Props<T>) {
  // On a pre-rendered page a choice made before the script takes over would be lost: wait for it.
  const hydrated = useHydrated();
  return (
    <NativeSelect.Root size={size} width={width} disabled={!hydrated}>
      <NativeSelect.Field aria-label="Сортировка" value={value} onChange={(e) => onChange(e.target.value as T)}>
        {options.map((o) => (
          <option key={o} value={o}>
            {labels[o]}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}
