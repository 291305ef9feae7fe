/** The 6-digit code step shared by e-mail verification and password recovery. */
import { Button, Input, Stack, Text } from '@chakra-ui/react';
import { forms } from '@app/contract';
import { useState } from 'react';
import { FormAlert } from '@/components/form-alert';
import { FormStack } from '@/components/form-stack';
import { FormField } from '@/components/form-field';
import { ResendLink } from '@/components/resend-link';
import { errorText } from '@/lib/errors';
import { useZodForm } from '@/lib/form';
import { codeErrorText } from '../code-error';

interface Props {
  email: string | null;
  notice?: string | null;
  /** Sends the code; resolves on success, rejects with the failed response. */
  verify: (code: string) => Promise<unknown>;
  onVerified: () => void;
  /** Sends a new code to `email`; rejects with the failed response. */
  resend: (email: string) => Promise<unknown>;
  resendPending: boolean;
  verifyPending: boolean;
  links: React.ReactNode;
}

export function CodeForm({ email, notice, verify, onVerified, resend, resendPending, verifyPending, links }: Props) {
  const form = useZodForm(forms.codeForm, { code: '' });
  const [info, setInfo] = useState<string | null>(notice ?? null);

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await verify(values.code);
      onVerified();
    } catch (error) {
      form.setFormError(codeErrorText(error));
    }
  });

  const onResend = async () => {
    if (!email) return false;
    form.setFormError(null);
    try {
      await resend(email);
      setInfo('Новый код отправлен на почту');
      return true;
    } catch (error) {
      form.setFormError(errorText(error));
      return false;
    }
  };

  return (
    <FormStack onSubmit={onSubmit}>
      {info ? <FormAlert status="info">{info}</FormAlert> : null}
      <Text>
        {email ? (
          <>
            Мы отправили код из 6 цифр на{' '}
            <Text as="span" fontWeight="semibold" overflowWrap="anywhere">
              {email}
            </Text>
            . Введите его ниже.
          </>
        ) : (
          'Введите код из 6 цифр, который мы отправили вам на почту.'
        )}
      </Text>
      <FormField label="Код из письма" error={form.error('code')}>
        <Input
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          letterSpacing="0.3em"
          fontSize="lg"
          value={form.values.code}
          onChange={(e) => form.set('code', e.target.value.trim())}
          onBlur={() => form.blur('code')}
        />
      </FormField>
      {form.formError ? <FormAlert>{form.formError}</FormAlert> : null}
      <Button type="submit" colorPalette="blue" loading={verifyPending}>
        Подтвердить
      </Button>
      {email ? <ResendLink onResend={onResend} pending={resendPending} /> : null}
      <Stack gap="1" fontSize="sm">
        {links}
      </Stack>
    </FormStack>
  );
}
