import { Alert, Anchor, Group, Loader, Stack, Text, Title } from '@mantine/core';
import type { PredictionSetDetail } from '@og/shared/contracts/predictions';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import type { SchemeOption } from '../../../../components/scheme-select';
import { agreementFileUrl, useAgreementReport } from '../api/second-opinions';
import { reviewerLabels } from '../reviewer-labels';
import { AgreementTable, KappaNotes } from './agreement-table';
import { DisagreementCard } from './disagreement-card';

interface AgreementReportViewProps {
  detail: PredictionSetDetail;
  schemes: readonly SchemeOption[];
  me: string | undefined;
}

/**
 * Double coding's report (issue 30): agreement and Cohen's κ per level, overall and per pair of
 * reviewers, the files to download, and the disagreements left for a third person (or the owner)
 * to decide.
 */
export function AgreementReportView({ detail, schemes, me }: AgreementReportViewProps) {
  const setId = detail.predictionSet.id;
  const report = useAgreementReport(setId);
  const [choosing, setChoosing] = useState<string | null>(null);
  if (report.isPending) {
    return (
      <Group justify="center" p="xl">
        <Loader />
      </Group>
    );
  }
  if (report.isError) {
    return (
      <Alert color="red" title="The agreement report could not be read">
        {report.error.message}
      </Alert>
    );
  }
  const data = report.data;
  const labelOf = reviewerLabels(data, me);
  const compared = data.levels[0]?.entries ?? 0;
  return (
    <Stack gap="lg" data-testid="agreement-report">
      <Group gap="md">
        <Anchor href={agreementFileUrl(setId, 'agreement.csv')} download size="sm" data-testid="agreement-csv">
          <Group gap={4} wrap="nowrap">
            <IconDownload size={16} /> Agreement CSV
          </Group>
        </Anchor>
        <Anchor href={agreementFileUrl(setId, 'agreement.sssom.tsv')} download size="sm" data-testid="agreement-sssom">
          <Group gap={4} wrap="nowrap">
            <IconDownload size={16} /> SSSOM
          </Group>
        </Anchor>
      </Group>
      <Stack gap="xs">
        <Title order={2} size="h4">
          Overall
        </Title>
        {compared === 0 && (
          <Text size="sm" c="dimmed">
            No entry has two codings yet: offer some for a second opinion from the set’s actions in the Review list.
          </Text>
        )}
        <AgreementTable levels={data.levels} testId="agreement-overall" />
        <KappaNotes levels={data.levels} />
      </Stack>
      {data.pairs.map((pair) => (
        <Stack gap="xs" key={pair.reviewers.join(' ')} data-testid="agreement-pair">
          <Title order={3} size="h5">
            {labelOf(pair.reviewers[0])} and {labelOf(pair.reviewers[1])}
          </Title>
          <AgreementTable levels={pair.levels} testId="agreement-pair-table" />
          <KappaNotes levels={pair.levels} />
        </Stack>
      ))}
      <Stack gap="xs">
        <Title order={2} size="h4">
          Disagreements to decide ({data.disagreements.length.toLocaleString('en')})
        </Title>
        <Text size="sm" c="dimmed">
          A third person, or the set’s owner, decides: the entry’s mapping becomes the codes chosen.
        </Text>
        {data.disagreements.length === 0 ? (
          <Text size="sm" data-testid="no-disagreements">
            Nothing to decide.
          </Text>
        ) : (
          data.disagreements.map((disagreement) => (
            <DisagreementCard
              key={disagreement.string}
              setId={setId}
              disagreement={disagreement}
              labelOf={labelOf}
              schemes={schemes}
              me={me}
              choosing={choosing === disagreement.string}
              onChoosing={(open) => setChoosing(open ? disagreement.string : null)}
            />
          ))
        )}
      </Stack>
    </Stack>
  );
}
