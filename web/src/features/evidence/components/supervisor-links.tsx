/**
 * «Ссылка для научного руководителя»: a read-only link to the paper's PDF and its «Отчёт об
 * источниках», nothing else of the account. Created for a number of days (30 unless chosen), its
 * address shown once (only its hash is kept), with a copy button; every link listed with when it
 * was made, until when it works, how often it was opened and whether it was revoked, each
 * revocable after a confirmation. The API's `detail` is shown when it refuses.
 */
import { Badge, Button, Heading, HStack, Input, NativeSelect, Skeleton, Stack, Text } from '@chakra-ui/react';
import { SHARE_LINK_DAYS, type ShareLink } from '@app/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { FormAlert } from '@/components/form-alert';
import { FormField } from '@/components/form-field';
import { FormStack } from '@/components/form-stack';
import { detailOf, errorText } from '@/lib/errors';
import { formatDate, pluralRu } from '@/lib/format';
import { useCreateShareLinkMutation } from '../api/create-share-link';
import { shareLinkKeys, useShareLinks } from '../api/get-share-links';
import { useRevokeShareLinkMutation } from '../api/revoke-share-link';

/** The terms offered, in days (the contract's default among them, its maximum the longest). */
const TERMS = [7, 14, SHARE_LINK_DAYS.default, 60, SHARE_LINK_DAYS.max] as const;

const linkForm = z.object({
  days: z.coerce
    .number({ invalid_type_error: 'Выберите срок действия ссылки' })
    .int('Выберите срок действия ссылки')
    .min(1, 'Срок действия — не меньше 1 дня')
    .max(SHARE_LINK_DAYS.max, `Срок действия — не больше ${SHARE_LINK_DAYS.max} дней`),
});
type LinkFormValues = z.input<typeof linkForm>;

/** The server's own words when it says why, else the catalogue's text for the status. */
const failureText = (error: unknown) => detailOf(error) ?? errorText(error);

const days = (n: number) => `${n} ${pluralRu(n, 'день', 'дня', 'дней')}`;

function openings(link: ShareLink): string {
  if (link.openings === 0) return 'ещё не открывали';
  return `открывали ${link.openings} ${pluralRu(link.openings, 'раз', 'раза', 'раз')}`;
}

export function SupervisorLinks({ paperId }: { paperId: number }) {
  const client = useQueryClient();
  const links = useShareLinks(paperId);
  const create = useCreateShareLinkMutation();
  const revoke = useRevokeShareLinkMutation();
  const [created, setCreated] = useState<{ url: string; expires_at: string } | null>(null);
  const [createError, setCreateError] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<ShareLink | null>(null);
  const [revokeError, setRevokeError] = useState<string | null>(null);
  const form = useForm<LinkFormValues>({
    resolver: zodResolver(linkForm),
    defaultValues: { days: SHARE_LINK_DAYS.default },
  });
  const refresh = () => client.invalidateQueries({ queryKey: shareLinkKeys.list(paperId) });

  const onCreate = form.handleSubmit((values) => {
    setCreateError(null);
    setCreated(null);
    create.mutate(
      { params: { paperId }, body: { days: Number(values.days) } },
      {
        onSuccess: ({ body }) => {
          setCreated({ url: body.url, expires_at: body.expires_at });
          void refresh();
        },
        onError: (error) => setCreateError(`Не удалось создать ссылку. ${failureText(error)}`),
      },
    );
  });

  const onRevoke = () => {
    if (!revoking) return;
    setRevokeError(null);
    revoke.mutate(
      { params: { paperId, linkId: revoking.id }, body: undefined },
      {
        onSuccess: () => {
          setRevoking(null);
          void refresh();
        },
        onError: (error) => setRevokeError(`Не удалось отозвать ссылку. ${failureText(error)}`),
      },
    );
  };

  const list = links.data?.status === 200 ? links.data.body.links : [];
  return (
    <Stack as="section" aria-labelledby="supervisor-links-title" gap="4" borderWidth="1px" borderRadius="lg" p="4" bg="white">
      <Heading as="h2" size="md" id="supervisor-links-title">
        Ссылка для научного руководителя
      </Heading>
      <Text fontSize="sm">
        По ссылке руководитель без входа в аккаунт увидит работу (PDF) и отчёт об источниках — и больше ничего из вашего аккаунта. Ссылку
        можно отозвать в любой момент.
      </Text>

      <FormStack onSubmit={(e) => void onCreate(e)} aria-label="Новая ссылка для научного руководителя">
        <FormField label="Срок действия" error={form.formState.errors.days?.message}>
          <NativeSelect.Root size="sm">
            <NativeSelect.Field {...form.register('days')}>
              {TERMS.map((n) => (
                <option key={n} value={n}>
                  {days(n)}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </FormField>
        <Button type="submit" size="sm" colorPalette="blue" alignSelf="flex-start" loading={create.isPending} loadingText="Создание...">
          Создать ссылку
        </Button>
      </FormStack>
      {createError ? <FormAlert>{createError}</FormAlert> : null}
      {created ? <CreatedLink url={created.url} expiresAt={created.expires_at} /> : null}

      {links.isPending ? (
        <Skeleton h="16" borderRadius="md" aria-busy="true" aria-label="Загрузка ссылок" />
      ) : links.error ? (
        <FormAlert>Не удалось загрузить ссылки. {failureText(links.error)}</FormAlert>
      ) : list.length ? (
        <Stack as="ul" gap="2" listStyleType="none" aria-label="Созданные ссылки" data-testid="share-links">
          {list.map((link) => (
            <LinkRow
              key={link.id}
              link={link}
              onRevoke={() => {
                setRevokeError(null);
                setRevoking(link);
              }}
            />
          ))}
        </Stack>
      ) : (
        <Text fontSize="sm" color="fg.muted">
          Ссылок пока нет.
        </Text>
      )}

      <ConfirmDialog
        open={revoking !== null}
        title="Отозвать ссылку?"
        text="Ссылка перестанет открываться сразу, в том числе у тех, кому вы её уже отправили. Это действие нельзя отменить."
        confirmLabel="Отозвать"
        pending={revoke.isPending}
        error={revokeError}
        onConfirm={onRevoke}
        onClose={() => setRevoking(null)}
      />
    </Stack>
  );
}

/** The new link's address, shown once, with a copy button. */
function CreatedLink({ url, expiresAt }: { url: string; expiresAt: string }) {
  const id = useId();
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied('yes');
    } catch {
      setCopied('failed');
    }
  };
  return (
    <Stack gap="2" borderWidth="1px" borderColor="green.300" bg="green.50" borderRadius="md" p="3" data-testid="created-link">
      <Text fontWeight="semibold" fontSize="sm">
        Ссылка создана: действует до <time dateTime={expiresAt}>{formatDate(expiresAt)}</time>
      </Text>
      <label htmlFor={id}>
        <Text as="span" fontSize="sm">
          Адрес ссылки
        </Text>
      </label>
      <HStack gap="2" align="stretch">
        <Input id={id} size="sm" readOnly value={url} bg="white" onFocus={(e) => e.currentTarget.select()} />
        <Button size="sm" colorPalette="blue" onClick={() => void copy()}>
          Копировать
        </Button>
      </HStack>
      <Text fontSize="sm" role="status">
        {copied === 'yes'
          ? 'Адрес скопирован.'
          : copied === 'failed'
            ? 'Не удалось скопировать: выделите адрес и скопируйте его вручную.'
            : 'Адрес показывается только один раз: скопируйте его сейчас. Потеряете — отзовите ссылку и создайте новую.'}
      </Text>
    </Stack>
  );
}

function LinkRow({ link, onRevoke }: { link: ShareLink; onRevoke: () => void }) {
  const expired = !link.revoked_at && new Date(link.expires_at).getTime() <= Date.now();
  const status = link.revoked_at
    ? { text: 'Отозвана', palette: 'gray' }
    : expired
      ? { text: 'Истекла', palette: 'orange' }
      : { text: 'Действует', palette: 'green' };
  return (
    <Stack as="li" gap="1.5" borderWidth="1px" borderRadius="md" p="3" data-testid="share-link">
      <HStack justify="space-between" gap="2" flexWrap="wrap">
        <Text fontSize="sm" fontWeight="medium">
          Создана <time dateTime={link.created_at}>{formatDate(link.created_at)}</time>
          {link.version ? `, версия ${link.version}` : ''}
        </Text>
        <Badge colorPalette={status.palette}>{status.text}</Badge>
      </HStack>
      <Text fontSize="sm" color="fg.muted">
        {link.revoked_at ? (
          <>
            Отозвана <time dateTime={link.revoked_at}>{formatDate(link.revoked_at)}</time>
          </>
        ) : (
          <>
            {expired ? 'Истекла' : 'Действует до'} <time dateTime={link.expires_at}>{formatDate(link.expires_at)}</time>
          </>
        )}
        {' · '}
        {openings(link)}
        {link.last_opened_at ? (
          <>
            , последний раз <time dateTime={link.last_opened_at}>{formatDate(link.last_opened_at)}</time>
          </>
        ) : null}
      </Text>
      {!link.revoked_at && !expired ? (
        <Button size="xs" variant="outline" colorPalette="red" alignSelf="flex-start" onClick={onRevoke}>
          Отозвать
        </Button>
      ) : null}
    </Stack>
  );
}
