/**
 * A purchased paper's revisions: the rounds left (free until when, or the price), a new round, the
 * versions with their preview, .docx and «Лист доработок», and every round with what became of each
 * of its remarks.
 */
import { Badge, Button, Card, Heading, HStack, Link, List, Skeleton, Stack, Text } from '@chakra-ui/react';
import {
  fileNameOf,
  formatRubles,
  OUTCOME_NAMES,
  REMARK_CLASS_NAMES,
  type RemarkOutcomeItem,
  type RevisionItem,
  type RevisionsInfo,
} from '@app/contract';
import { Link as RouterLink } from 'react-router-dom';
import { FormAlert } from '@/components/form-alert';
import { InlineError } from '@/components/inline-error';
import { errorText, statusOf } from '@/lib/errors';
import { formatDate, pluralRu } from '@/lib/format';
import { env } from '@/config/env';
import { useDownload } from '@/lib/use-download';
import { useRevisions } from '../api/get-revisions';
import { RevisionForm } from './revision-form';

const ROUND_STATUS: Record<RevisionItem['status'], { text: string; palette: string }> = {
  pending_payment: { text: 'Ожидает оплаты', palette: 'orange' },
  queued: { text: 'В очереди', palette: 'blue' },
  in_progress: { text: 'Идёт доработка', palette: 'blue' },
  completed: { text: 'Готово', palette: 'green' },
  failed: { text: 'Не удалось', palette: 'red' },
  canceled: { text: 'Отменена', palette: 'gray' },
};
const OUTCOME_PALETTE: Record<RemarkOutcomeItem['status'], string> = {
  done: 'green',
  partial: 'yellow',
  not_done: 'red',
  author: 'purple',
};

export function RevisionsView({ paperId }: { paperId: number }) {
  const query = useRevisions(paperId);
  if (query.isPending) return <Skeleton h="64" borderRadius="lg" aria-busy="true" aria-label="Загрузка доработок" />;
  if (query.error || query.data?.status !== 200) {
    const notFound = statusOf(query.error) === 404;
    return <FormAlert>{notFound ? 'Работа не найдена' : `Не удалось загрузить доработки. ${errorText(query.error)}`}</FormAlert>;
  }
  const info = query.data.body;
  const running = info.revisions.find((r) => ['pending_payment', 'queued', 'in_progress'].includes(r.status));
  return (
    <Stack gap="8">
      <Stack gap="2">
        <Heading as="h1" size="2xl">
          Доработка работы
        </Heading>
        <Text fontSize="lg" overflowWrap="anywhere">
          {info.paper.title}
        </Text>
      </Stack>

      <Stack
        as="section"
        aria-labelledby="new-revision-title"
        gap="4"
        borderWidth="1px"
        borderRadius="xl"
        p={{ base: '4', md: '6' }}
        bg="white"
      >
        <Heading as="h2" size="lg" id="new-revision-title">
          Новая доработка
        </Heading>
        <RoundsLeft rounds={info.rounds} />
        {running ? (
          <Stack gap="3">
            <FormAlert status="info">По этой работе уже идёт доработка: новую можно начать, когда она закончится.</FormAlert>
            <Button asChild colorPalette="blue" alignSelf="flex-start">
              <RouterLink to={`/payment/waiting?task_id=${running.task_id}&revision=${paperId}`}>Следить за ходом доработки</RouterLink>
            </Button>
          </Stack>
        ) : info.rounds.blocked ? (
          <FormAlert>{info.rounds.blocked}</FormAlert>
        ) : (
          <RevisionForm paper={info.paper} rounds={info.rounds} />
        )}
      </Stack>

      <Stack as="section" aria-labelledby="versions-title" gap="3">
        <Heading as="h2" size="lg" id="versions-title">
          Версии работы
        </Heading>
        {info.versions.map((v) => (
          <VersionCard key={v.number} paperId={paperId} version={v} title={info.paper.title} />
        ))}
      </Stack>

      {info.revisions.length ? (
        <Stack as="section" aria-labelledby="rounds-title" gap="3">
          <Heading as="h2" size="lg" id="rounds-title">
            Доработки
          </Heading>
          {info.revisions.map((r) => (
            <RoundCard key={r.task_id} round={r} />
          ))}
        </Stack>
      ) : null}
    </Stack>
  );
}

function RoundsLeft({ rounds }: { rounds: RevisionsInfo['rounds'] }) {
  if (rounds.left > 0 && rounds.free_until)
    return (
      <Text data-testid="rounds-left">
        Бесплатных доработок осталось: {rounds.left} из {rounds.included} — до{' '}
        <time dateTime={rounds.free_until}>{formatDate(rounds.free_until)}</time>; дальше доработка стоит {formatRubles(rounds.price)}.
      </Text>
    );
  return (
    <Text data-testid="rounds-left">
      {rounds.used >= rounds.included ? 'Бесплатные доработки использованы' : 'Срок бесплатных доработок истёк'}: следующая доработка стоит{' '}
      {formatRubles(rounds.price)}.
    </Text>
  );
}

/** A file name as the server gives it would do; this one is what the browser saves. */
const fileName = (title: string, number: number, report = false) =>
  `${report ? 'Лист доработок — ' : ''}${fileNameOf(title)}${number > 1 ? ` (версия ${number})` : ''}.docx`;
const evidenceName = (title: string, number: number, ext: 'docx' | 'pdf') =>
  `Отчёт об источниках — ${fileNameOf(title)}${number > 1 ? ` (версия ${number})` : ''}.${ext}`;

function VersionCard({ paperId, version, title }: { paperId: number; version: RevisionsInfo['versions'][number]; title: string }) {
  const docx = useDownload();
  const report = useDownload();
  const evidence = useDownload();
  // «Отчёт об источниках» of this version (the contract's evidence.versionDocx / versionPdf).
  const evidenceUrl = (ext: 'docx' | 'pdf') => `${env.apiUrl}/api/v1/papers/${paperId}/versions/${version.number}/evidence.${ext}`;
  return (
    <Card.Root variant="outline" data-testid="paper-version">
      <Card.Body gap="3">
        <Stack direction={{ base: 'column', md: 'row' }} justify="space-between" gap="2">
          <Text fontWeight="semibold">Версия {version.number}</Text>
          <Text color="fg.muted" fontSize="sm">
            <time dateTime={version.created_at}>{formatDate(version.created_at)}</time>
            {version.page_count ? ` · ${version.page_count} ${pluralRu(version.page_count, 'страница', 'страницы', 'страниц')}` : ''}
          </Text>
        </Stack>
        <HStack gap="2" flexWrap="wrap">
          <Button
            size="sm"
            colorPalette="blue"
            loading={docx.pending}
            onClick={() => void docx.download(version.download_url, fileName(title, version.number))}
          >
            Скачать .docx
          </Button>
          {version.report_url ? (
            <Button
              size="sm"
              variant="outline"
              loading={report.pending}
              onClick={() => void report.download(version.report_url!, fileName(title, version.number, true))}
            >
              Лист доработок
            </Button>
          ) : null}
          <Button
            size="sm"
            variant="outline"
            loading={evidence.pending}
            onClick={() => void evidence.download(evidenceUrl('docx'), evidenceName(title, version.number, 'docx'))}
          >
            Отчёт об источниках .docx
          </Button>
          <Button
            size="sm"
            variant="outline"
            loading={evidence.pending}
            onClick={() => void evidence.download(evidenceUrl('pdf'), evidenceName(title, version.number, 'pdf'))}
          >
            Отчёт об источниках PDF
          </Button>
          <Button size="sm" variant="ghost" asChild>
            <Link href={version.preview_url} target="_blank" rel="noopener">
              Открыть PDF
            </Link>
          </Button>
        </HStack>
        <InlineError message={docx.error ?? report.error ?? evidence.error} />
      </Card.Body>
    </Card.Root>
  );
}

function RoundCard({ round }: { round: RevisionItem }) {
  const status = ROUND_STATUS[round.status];
  return (
    <Card.Root variant="outline" data-testid="revision-round">
      <Card.Body gap="3">
        <Stack direction={{ base: 'column', md: 'row' }} justify="space-between" gap="2">
          <Text fontWeight="semibold">
            <time dateTime={round.created_at}>{formatDate(round.created_at)}</time>: {round.remarks}{' '}
            {pluralRu(round.remarks, 'замечание', 'замечания', 'замечаний')} к версии {round.from_version}
            {round.version ? ` → версия ${round.version}` : ''}
          </Text>
          <HStack gap="2">
            <Text fontSize="sm" color="fg.muted">
              {round.included ? 'бесплатно' : formatRubles(round.amount)}
            </Text>
            <Badge colorPalette={status.palette}>{status.text}</Badge>
          </HStack>
        </Stack>
        {round.status === 'in_progress' && round.stage ? (
          <Text fontSize="sm" color="fg.muted">
            {round.stage}: {round.progress}%
          </Text>
        ) : null}
        {round.error ? <FormAlert>{round.error}</FormAlert> : null}
        {round.outcomes.length ? (
          <List.Root as="ol" gap="3" ps="0" listStyle="none">
            {round.outcomes.map((o) => (
              <List.Item key={o.n} data-testid="remark-outcome">
                <Stack gap="1">
                  <HStack gap="2" align="flex-start" flexWrap="wrap">
                    <Text fontWeight="medium">
                      {o.n}. {o.text}
                    </Text>
                    <Badge colorPalette={OUTCOME_PALETTE[o.status]} whiteSpace="normal">
                      {OUTCOME_NAMES[o.status]}
                    </Badge>
                    <Badge variant="outline">{REMARK_CLASS_NAMES[o.class]}</Badge>
                  </HStack>
                  {o.anchor ? (
                    <Text fontSize="sm" color="fg.muted" lineClamp={2}>
                      К фрагменту: «{o.anchor}»
                    </Text>
                  ) : null}
                  <Text fontSize="sm">{o.detail}</Text>
                  {o.where.length ? (
                    <Text fontSize="sm" color="fg.muted">
                      Где: {o.where.join('; ')}
                    </Text>
                  ) : null}
                </Stack>
              </List.Item>
            ))}
          </List.Root>
        ) : null}
      </Card.Body>
    </Card.Root>
  );
}
