/** Login by username or e-mail. An unverified account is sent on to the code screen. */
import { Button, Input, Stack, Text } from '@chakra-ui/react';
import { E, forms } from '@app/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { AppLink } from '@/components/app-link';
import { FormAlert } from '@/components/form-alert';
import { FormStack } from '@/components/form-stack';
import { FormField } from '@/components/form-field';
import { PasswordInput } from '@/components/password-input';
import { refreshSession } from '@/lib/auth';
import { codeOf, dataOf, detailOf } from '@/lib/errors';
import { useZodForm } from '@/lib/form';
import { store, STORAGE } from '@/lib/storage';
import { useLoginMutation } from '../api/login';

export function LoginForm({ notice }: { notice?: string }) {
  const client = useQueryClient();
  const navigate = useNavigate();
  const form = useZodForm(forms.loginForm, { username_or_email: '', password: '' });
  const login = useLoginMutation();

  const onSubmit = form.handleSubmit((values) => {
    login.mutate(
      { body: values },
      {
        // The guard of this page moves the user on once the profile is known.
        onSuccess: () => void refreshSession(client),
        onError: (error) => {
          const code = codeOf(error);
          const unverified = code === 'email_not_verified' ? dataOf<{ email: string }>(error) : null;
          if (unverified) {
            store(STORAGE.email, unverified.email);
            void navigate('/verify-email', { state: { notice: detailOf(error) } });
          } else form.setFormError(code === 'bad_credentials' ? E.badCredentials : E.tryLater);
        },
      },
    );
  });

  return (
    <FormStack onSubmit={onSubmit}>
      {notice ? <FormAlert status="success">{notice}</FormAlert> : null}
      <FormField label="Логин или email" error={form.error('username_or_email')}>
        <Input {...form.text('username_or_email')} autoComplete="username" />
      </FormField>
      <FormField label="Пароль" error={form.error('password')}>
        <PasswordInput {...form.text('password')} autoComplete="current-password" />
      </FormField>
      {form.formError ? <FormAlert>{form.formError}</FormAlert> : null}
      <Button type="submit" colorPalette="blue" loading={login.isPending}>
        Войти
      </Button>
      <Stack gap="1" fontSize="sm">
        <Text>
          Нет аккаунта? <AppLink to="/register">Зарегистрироваться</AppLink>
        </Text>
        <Text>
          <AppLink to="/recovery-request">Забыли пароль?</AppLink>
        </Text>
      </Stack>
    </FormStack>
  );
}
