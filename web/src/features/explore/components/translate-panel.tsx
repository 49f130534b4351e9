import { ActionIcon, Alert, Box, Button, FileButton, Group, List, Paper, Stack, Text, Textarea, Tooltip } from '@mantine/core';
import { translateCodeLimit, translateRequest, type TranslateResult } from '@og/shared/contracts/public';
import type { SchemeSummary } from '@og/shared/contracts/schemes';
import type { SchemeId } from '@og/shared/domain/schemes';
import { IconAlertTriangle, IconArrowsLeftRight, IconClockPause, IconLanguage, IconUpload } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useRef, useState, type FormEvent } from 'react';
import { SchemeSelect } from '../../../components/scheme-select';
import { schemeTreeQueryOptions } from '../../../lib/schemes/get-scheme-tree';
import { useTranslateCodes } from '../api/translate-codes';
import { codeCountProblem, codeListFileAccept, codeMatcher, isCodeListFile, parseCodeList } from '../code-list';
import { translatePair } from '../explore-address';
import { useCountdown } from '../hooks/use-countdown';
import { describeTranslateError, rateLimitMessage } from '../translate-error';
import { TranslationResult } from './translation-result';

interface TranslatePanelProps {
  /** The schemes that have codes. */
  schemes: readonly SchemeSummary[];
  /** The schemes the address names, if any. */
  from: SchemeId | null;
  to: SchemeId | null;
  onSchemesChange: (from: SchemeId | null, to: SchemeId | null) => void;
}

const countFormat = new Intl.NumberFormat('en');
const codeCount = (count: number) => `${countFormat.format(count)} ${count === 1 ? 'code' : 'codes'}`;
/** A list of codes is small; a bigger file is not one. */
const maxFileBytes = 10 * 1024 * 1024;

/** 'Translate codes': a list of codes of one scheme, pasted or uploaded, read in another scheme. */
export function TranslatePanel({ schemes, from: askedFrom, to: askedTo, onSchemesChange }: TranslatePanelProps) {
  const { from, to } = translatePair(
    schemes.map((scheme) => scheme.id),
    askedFrom,
    askedTo,
  );
  const [text, setText] = useState('');
  const [fileNote, setFileNote] = useState<{ text: string; error: boolean } | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [retryUntil, setRetryUntil] = useState<number | null>(null);
  const [shown, setShown] = useState<{ result: TranslateResult; key: number } | null>(null);
  const fileReset = useRef<() => void>(null);
  const queryClient = useQueryClient();

  // The scheme's codes tell a code written with commas or spaces (PST-2's '1,2,0,…') from a list; read once there is text.
  const fromTree = useQuery({ ...schemeTreeQueryOptions(from ?? 'isco08'), enabled: from !== null && text.trim() !== '' });
  const isCode = useMemo(() => (fromTree.data ? codeMatcher(fromTree.data.lookup) : undefined), [fromTree.data]);
  const codes = useMemo(() => parseCodeList(text, isCode), [text, isCode]);
  const countProblem = codeCountProblem(codes.length);

  const translation = useTranslateCodes();
  const problem = translation.error ? describeTranslateError(translation.error) : null;
  const waitSeconds = useCountdown(retryUntil);
  const rateLimited = problem?.kind === 'rate-limited';

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = translateRequest.safeParse({ from, to, codes });
    if (!parsed.success) {
      setFormError(codes.length === 0 ? 'Paste or upload at least one code.' : (parsed.error.issues[0]?.message ?? 'Check the schemes and codes.'));
      return;
    }
    setFormError(null);
    translation.mutate(parsed.data, {
      onSuccess: (result) => setShown((previous) => ({ result, key: (previous?.key ?? 0) + 1 })),
      onError: (error) => {
        const seconds = describeTranslateError(error).retryAfterSeconds;
        setRetryUntil(seconds === null ? null : Date.now() + seconds * 1000);
      },
    });
  }

  async function readFile(file: File | null) {
    fileReset.current?.();
    if (!file) return;
    if (!isCodeListFile(file.name)) {
      setFileNote({ text: `${file.name} is not a .txt or .csv file.`, error: true });
      return;
    }
    if (file.size > maxFileBytes) {
      setFileNote({ text: `${file.name} is larger than 10 MB; a list of ${countFormat.format(translateCodeLimit)} codes is far smaller.`, error: true });
      return;
    }
    try {
      const [{ codesFromFile }, content, tree] = await Promise.all([
        import('../code-list-file'),
        file.text(),
        from === null ? undefined : queryClient.ensureQueryData(schemeTreeQueryOptions(from)).catch(() => undefined),
      ]);
      const read = codesFromFile(file.name, content, tree ? codeMatcher(tree.lookup) : undefined);
      setText(read.codes.join('\n'));
      setFormError(null);
      setFileNote({
        text: `${codeCount(read.codes.length)} read from the first column of ${file.name}${read.skippedHeader === null ? '' : ` (header “${read.skippedHeader}” skipped)`}.`,
        error: false,
      });
    } catch (error) {
      setFileNote({ text: `${file.name} could not be read: ${(error as Error).message}`, error: true });
    }
  }

  const waiting = rateLimited && waitSeconds > 0;

  return (
    <Stack gap="lg">
      <Paper component="form" withBorder radius="md" p="md" onSubmit={submit} data-testid="translate-form">
        <Stack gap="md">
          <Group align="flex-end" gap="sm">
            <Box w={{ base: '100%', xs: 260 }}>
              <SchemeSelect schemes={schemes} value={from} exclude={to} label="From scheme" onChange={(next) => onSchemesChange(next, to)} data-testid="translate-from" />
            </Box>
            <Tooltip label="Swap the schemes">
              <ActionIcon variant="default" size={36} aria-label="Swap the schemes" onClick={() => onSchemesChange(to, from)} disabled={from === null || to === null} data-testid="translate-swap">
                <IconArrowsLeftRight size={18} />
              </ActionIcon>
            </Tooltip>
            <Box w={{ base: '100%', xs: 260 }}>
              <SchemeSelect schemes={schemes} value={to} exclude={from} label="To scheme" onChange={(next) => onSchemesChange(from, next)} data-testid="translate-to" />
            </Box>
          </Group>

          <Textarea
            label="Codes"
            description={`One per line, or separated by commas, semicolons, spaces or tabs. At most ${countFormat.format(translateCodeLimit)} codes at a time.`}
            placeholder={'2221\n2211\n5120'}
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            autosize
            minRows={6}
            maxRows={14}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
            spellCheck={false}
            data-testid="translate-codes"
          />

          <Group justify="space-between" align="center" gap="sm">
            <Group gap="sm" align="center" style={{ flex: 1, minWidth: 240 }}>
              <FileButton onChange={(file) => void readFile(file)} accept={codeListFileAccept} resetRef={fileReset}>
                {(props) => (
                  <Button {...props} variant="default" leftSection={<IconUpload size={16} />} data-testid="translate-file">
                    Upload a .txt or .csv file
                  </Button>
                )}
              </FileButton>
              {fileNote && (
                <Text size="sm" c={fileNote.error ? 'red' : 'dimmed'} data-testid="translate-file-note">
                  {fileNote.text}
                </Text>
              )}
            </Group>
            <Group gap="sm" align="center">
              <Text size="sm" c={countProblem ? 'red' : 'dimmed'} data-testid="translate-code-count">
                {codeCount(codes.length)}
              </Text>
              <Button
                type="submit"
                leftSection={<IconLanguage size={16} />}
                loading={translation.isPending}
                disabled={codes.length === 0 || countProblem !== null || waiting || from === null || to === null}
                data-testid="translate-submit"
              >
                Translate
              </Button>
            </Group>
          </Group>

          {countProblem && (
            <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />} data-testid="translate-too-many">
              {countProblem} Split the list and translate it in parts.
            </Alert>
          )}
          {formError && (
            <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />} data-testid="translate-form-error">
              {formError}
            </Alert>
          )}
          {problem && (
            <Alert
              color={rateLimited ? 'orange' : 'red'}
              variant="light"
              icon={rateLimited ? <IconClockPause size={18} /> : <IconAlertTriangle size={18} />}
              title={problem.title}
              data-testid="translate-error"
            >
              <Text size="sm">
                {rateLimited ? (waiting ? rateLimitMessage(waitSeconds) : 'You can translate again now.') : problem.message}
              </Text>
              {problem.issues.length > 0 && (
                <List size="sm" mt={4}>
                  {problem.issues.map((issue) => (
                    <List.Item key={issue}>{issue}</List.Item>
                  ))}
                </List>
              )}
            </Alert>
          )}
        </Stack>
      </Paper>

      {shown && <TranslationResult key={shown.key} result={shown.result} />}
    </Stack>
  );
}
