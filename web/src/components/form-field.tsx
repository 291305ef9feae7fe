/** A labelled form field with its error message. */
import { Field } from '@chakra-ui/react';

interface Props {
  label: React.ReactNode;
  error?: string;
  helper?: React.ReactNode;
  children: React.ReactNode;
}

export function FormField({ label, error, helper, children }: Props) {
  return (
    <Field.Root invalid={Boolean(error)}>
      <Field.Label>{label}</Field.Label>
      {children}
      {helper && !error ? <Field.HelperText>{helper}</Field.HelperText> : null}
      <Field.ErrorText>{error}</Field.ErrorText>
    </Field.Root>
  );
}
