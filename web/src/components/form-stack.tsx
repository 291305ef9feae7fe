import { chakra, type HTMLChakraProps } from '@chakra-ui/react';

const StyledForm = chakra('form', { base: { display: 'flex', flexDirection: 'column', gap: '4' } });

/** A form laid out as a vertical stack; the browser's own validation bubbles are off because the
 * contract's Russian messages are shown instead. */
export function FormStack(props: HTMLChakraProps<'form'>) {
  return <StyledForm noValidate {...props} />;
}
