/** Password recovery, step 1: the account's e-mail. */
import { Button, Input, Text } from '@chakra-ui/react';
import { E, forms } from '@app/contract';
import { useNavigate } from 'react-router-dom';
import { AppLink } from '@/components/app-link';
import { FormAlert } from '@/components/form-alert';
import { FormStack } from '@/components/form-stack';
import { FormField } from '@/components/form-field';
import { codeOf } from '@/lib/errors';
import { useZodForm } from '@/lib/form';
import { readStored, store, STORAGE } from '@/lib/storage';
import { useRecoveryRequestMutation } from '../api/recovery-request';

export function RecoveryRequestForm() {
  const navigate = useNavigate();
  const form = useZodForm(forms.recoveryRequestForm, { email: readStored(STORAGE.recoveryEmail) ?? '' });
  const request = useRecoveryRequestMutation();
  const shownError = form.error('email');

  const onSubmit = form.handleSubmit((values) => {
    const toCodePage = () => {
      store(STORAGE.recoveryEmail, values.email);
      void navigate('/recovery-verify');
    };
    request.mutate(
      { body: { email: values.email } },
      {
        onSuccess: toCodePage,
        onError: (error) => {
          const code = codeOf(error);
          if (code === 'recovery_unknown_email') form.setServerErrors({ email: E.recoveryUnknownEmail });
          // A code was sent moments ago: continue with it.
          else if (code === 'code_too_early' || code === 'rate_limited') toCodePage();
          else form.setFormError(E.tryLater);
        },
      },
    );
  });

  return (
    <FormStack onSubmit={onSubmit}>
      <Text>Укажите почту, с которой вы регистрировались. Мы пришлём на неё код для смены пароля.</Text>
      <FormField label="Email" error={shownError}>
        <Input
          name="email"
          type="email"
          autoComplete="email"
          value={form.values.email}
          onChange={(e) => {
            form.set('email', e.target.value);
            form.blur('email');
          }}
          onBlur={() => form.blur('email')}
        />
      </FormField>
      {form.formError ? <FormAlert>{form.formError}</FormAlert> : null}
      <Button
        type="submit"
        colorPalette="blue"
        loading={request.isPending}
        disabled={!form.values.email || !form.isValid || Boolean(shownError)}
      >
        Получить письмо
      </Button>
      <Text fontSize="sm">
        <AppLink to="/login">Вернуться ко входу</AppLink>
      </Text>
    </FormStack>
  );
}
