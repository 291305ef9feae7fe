/** The pay button; its price moves to a new value over 800 ms. */
import { formatRubles } from '@app/contract';
import { Button, type ButtonProps } from '@chakra-ui/react';
import { useAnimatedNumber } from '../hooks/use-animated-number';

export function PayButton({ price, ...props }: { price: number } & ButtonProps) {
  const shown = useAnimatedNumber(price);
  return (
    <Button colorPalette="blue" size="lg" {...props}>
      Оплатить {formatRubles(shown)}
    </Button>
  );
}
