import { Alert, Button, Group, Modal, Radio, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import {
  aggregationLabels,
  aggregations,
  conversionRequest,
  defaultTargetDepth,
  targetDepthLabels,
  targetDepths,
  weightingLabels,
  weightings,
  type Aggregation,
  type TargetDepth,
  type Weighting,
} from '@og/shared/contracts/conversions';
import type { SchemeId } from '@og/shared/domain/schemes';
import { IconAlertTriangle, IconArrowsExchange } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { ModalActions } from '../../../components/modal-actions';
import { SchemeSelect, type SchemeOption } from '../../../components/scheme-select';
import { fieldErrors } from '../../../lib/field-errors';
import { useConversionWeightingQuery } from '../api/get-conversion-weighting';
import { useDatasetsQuery } from '../api/get-datasets';
import { useStartConversion } from '../api/start-conversion';
import { conversionPath } from '../conversion-path';

/** What each weighting does with a code that has several targets the aggregation keeps apart. */
const weightingDescriptions: Record<Weighting, string> = {
  crosswalk: 'Each target gets the share the crosswalk’s weights give it; a code whose links carry no weights gets equal shares.',
  equal: 'Each target gets the same share of the code’s totals.',
  reference: 'Shares follow how often each target occurs in one of your datasets coded in the target scheme.',
  modal: 'The whole code goes to its most likely target (the reference dataset’s most frequent, else the strongest link).',
};

const aggregationDescriptions: Record<Aggregation, string> = {
  'aggregate-all': 'Every target is counted at the target depth.',
  'closest-common-parent': 'A code whose targets disagree goes to their closest common parent.',
};

/** What is converted: a dataset's codes, or (with `predictionSetId`) a prediction set's reviewed mappings. */
export interface ConversionSubject {
  datasetId: string;
  predictionSetId?: string;
  /** The dataset's title or the prediction set's name. */
  name: string;
  /** The scheme the codes are in, when known: not offered as a target. */
  sourceScheme?: string | null;
}

interface NewConversionModalProps {
  opened: boolean;
  onClose: () => void;
  schemes: readonly SchemeOption[];
  subject: ConversionSubject;
}

/**
 * SPEC §2 'New conversion': the target scheme, how deep into it, the aggregation
 * tolerance and how a code with several targets is split. Confirm starts the `conversion.run`
 * job and opens the conversion's page, which follows it live.
 */
export function NewConversionModal({ opened, onClose, schemes, subject }: NewConversionModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="New conversion" centered size="lg">
      {opened && <ConversionForm schemes={schemes} subject={subject} onClose={onClose} />}
    </Modal>
  );
}

function ConversionForm({ schemes, subject, onClose }: Omit<NewConversionModalProps, 'opened'>) {
  const [scheme, setScheme] = useState<SchemeId | null>(null);
  const [depth, setDepth] = useState<TargetDepth>(defaultTargetDepth);
  const [aggregation, setAggregation] = useState<Aggregation>('aggregate-all');
  // The user's choice; until then, what the server would choose (the crosswalk's weights when the links into the scheme carry them).
  const [chosenWeighting, setWeighting] = useState<Weighting | null>(null);
  const [referenceId, setReferenceId] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const start = useStartConversion(subject.datasetId);
  const navigate = useNavigate();
  const references = useReferenceDatasets(scheme);
  const suggested = useConversionWeightingQuery(subject, scheme);
  const weighting: Weighting = chosenWeighting ?? suggested.data?.weighting ?? 'equal';
  const schemeLabel = schemes.find((option) => option.id === scheme)?.label ?? scheme;
  const targets = useMemo(
    () => schemes.filter((option) => option.id !== subject.sourceScheme && (option.codeCount === undefined || option.codeCount > 0)),
    [schemes, subject.sourceScheme],
  );

  function chooseScheme(next: SchemeId) {
    setScheme(next);
    setReferenceId(null);
    setErrors({});
  }

  function confirm() {
    const request = {
      targetScheme: scheme ?? undefined,
      targetDepth: depth,
      aggregation,
      // Not chosen and not known yet: the server chooses, as the form would have.
      weighting: chosenWeighting ?? suggested.data?.weighting,
      referenceDatasetId: weighting === 'reference' ? (referenceId ?? undefined) : undefined,
      predictionSetId: subject.predictionSetId,
    };
    const parsed = conversionRequest.safeParse(request);
    if (!parsed.success) {
      const found = fieldErrors(parsed.error.issues);
      if (found.targetScheme) found.targetScheme = 'Choose the scheme to convert into';
      if (found.referenceDatasetId) found.referenceDatasetId = 'Choose the reference dataset';
      setErrors(found);
      return;
    }
    setErrors({});
    start.mutate(parsed.data, {
      onSuccess: (accepted) => void navigate(conversionPath(accepted.conversionId)),
    });
  }

  return (
    <Stack gap="lg" data-testid="conversion-modal">
      <Text size="sm" c="dimmed">
        Convert {subject.predictionSetId ? 'the reviewed mappings of' : 'the codes of'}{' '}
        <Text span inherit fw={600} c="var(--mantine-color-text)" dir="auto">
          {subject.name}
        </Text>{' '}
        into another scheme through the links between schemes.
      </Text>
      <SchemeSelect
        label="Target scheme"
        schemes={targets}
        value={scheme}
        onChange={chooseScheme}
        error={errors.targetScheme}
        data-testid="conversion-scheme"
      />
      <Stack gap={6}>
        <Text size="sm" fw={500} id="conversion-depth-label">
          Target depth
        </Text>
        <SegmentedControl
          data={targetDepths.map((value) => ({ value, label: targetDepthLabels[value] }))}
          value={depth}
          onChange={(value) => setDepth(value as TargetDepth)}
          fullWidth
          aria-labelledby="conversion-depth-label"
          data-testid="conversion-depth"
        />
      </Stack>
      <Radio.Group
        label="Aggregation tolerance"
        value={aggregation}
        onChange={(value) => setAggregation(value as Aggregation)}
        data-testid="conversion-tolerance"
      >
        <Group mt="xs" gap="lg" align="flex-start" grow>
          {aggregations.map((option) => (
            <Radio key={option} value={option} label={aggregationLabels[option]} description={aggregationDescriptions[option]} />
          ))}
        </Group>
      </Radio.Group>
      <Radio.Group
        label="Codes with several targets"
        description="How the totals of a code are split between targets the aggregation keeps apart."
        value={weighting}
        onChange={(value) => setWeighting(value as Weighting)}
        data-testid="conversion-weighting"
      >
        <Stack mt="xs" gap="sm">
          {weightings.map((option) => (
            <Radio key={option} value={option} label={weightingLabels[option]} description={weightingDescription(option, suggested.data)} />
          ))}
        </Stack>
      </Radio.Group>
      {weighting === 'reference' && (
        <Select
          label="Reference dataset"
          placeholder={scheme ? `One of your datasets coded in ${schemeLabel}` : 'Choose the target scheme first'}
          description={
            scheme && references.loaded && references.options.length === 0
              ? `None of your datasets is coded in ${schemeLabel}: upload one with a ${schemeLabel} code column, or pick another weighting.`
              : undefined
          }
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          data={references.options}
          value={referenceId}
          onChange={(value) => {
            setReferenceId(value);
            setErrors((current) => ({ ...current, referenceDatasetId: '' }));
          }}
          disabled={!scheme || references.options.length === 0}
          error={errors.referenceDatasetId || undefined}
          searchable
          nothingFoundMessage="No dataset matches"
          comboboxProps={{ shadow: 'md' }}
          data-testid="conversion-reference"
        />
      )}
      {start.isError && (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} title="The conversion did not start" data-testid="conversion-error">
          {start.error.message}
        </Alert>
      )}
      <ModalActions onCancel={onClose} cancelTestId="conversion-cancel">
        <Button leftSection={<IconArrowsExchange size={16} />} onClick={confirm} loading={start.isPending || start.isSuccess} data-testid="conversion-confirm">
          Confirm
        </Button>
      </ModalActions>
    </Stack>
  );
}

/** What a weighting does; for the crosswalk's, also whether the links into the chosen scheme carry weights. */
function weightingDescription(option: Weighting, suggested: { weightedLinks: number } | undefined): string {
  if (option !== 'crosswalk' || !suggested) return weightingDescriptions[option];
  const found =
    suggested.weightedLinks > 0
      ? `${suggested.weightedLinks.toLocaleString('en')} links from these codes into this scheme carry weights.`
      : 'No link from these codes into this scheme carries a weight: every code would get equal shares.';
  return `${weightingDescriptions[option]} ${found}`;
}

/** The user's ready datasets whose code column is in the target scheme: what a 'reference' weighting can follow. */
function useReferenceDatasets(scheme: SchemeId | null) {
  const datasets = useDatasetsQuery();
  const options = useMemo(
    () =>
      (datasets.data?.datasets ?? [])
        .filter((dataset) => scheme !== null && dataset.state === 'ready' && dataset.metadata.codeColumn !== null && dataset.metadata.scheme === scheme)
        .map((dataset) => ({ value: dataset.id, label: dataset.metadata.title })),
    [datasets.data, scheme],
  );
  return { options, loaded: datasets.isSuccess };
}
