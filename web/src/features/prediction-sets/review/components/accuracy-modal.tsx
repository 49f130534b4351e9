import { Alert, Group, Loader, Modal, SegmentedControl, Stack, Table, Text, Title } from '@mantine/core';
import type { AccuracyEstimateAnswer } from '@og/shared/contracts/audits';
import { useState } from 'react';
import { useOfferSampleSecondOpinions } from '../../second-opinions/api/second-opinions';
import { AskSampleSecondOpinionButton, SampleSecondOpinionsNotice, useMayAskSecondOpinions } from '../../second-opinions/components/sample-second-opinions';
import { useAuditReport } from '../api/audits';
import { estimateWords } from '../audit-walk';
import { ProductionCurveChart } from './production-curve-chart';

const percent = (share: number | null) => (share === null ? '—' : `${Math.round(share * 100)}%`);
const interval = (estimate: AccuracyEstimateAnswer) => (estimate.low === null || estimate.high === null ? '—' : `${Math.round(estimate.low * 100)}–${percent(estimate.high)}`);
const bandName = (from: number, to: number) => (to >= 1 ? `≥ ${from.toFixed(2)}` : from <= 0 ? `< ${to.toFixed(2)}` : `${from.toFixed(2)}–${to.toFixed(2)}`);

/**
 * 'Accuracy by confidence' (issue 30): the set's production curve from its audits, the estimate per
 * confidence band with its 95% interval (a dataset's set by people or by entries, people first; a
 * standalone set by entries), and the audits behind them; the set's owner asks a second opinion on
 * a sample's entries from its row.
 */
export function AccuracyModal({ setId, opened, onClose }: { setId: string; opened: boolean; onClose: () => void }) {
  const report = useAuditReport(setId, opened);
  const data = report.data;
  const [basis, setBasis] = useState<'people' | 'entries'>('people');
  const byPeople = basis === 'people' ? data?.byPeople : undefined;
  const estimates = byPeople ?? data;
  const unit = byPeople ? 'people' : 'entries';
  const overall = estimates ? estimateWords(estimates.overall, 'entries') : null;
  const mayAsk = useMayAskSecondOpinions(setId, opened);
  const offerSample = useOfferSampleSecondOpinions(setId);
  const close = () => {
    offerSample.reset();
    onClose();
  };

  return (
    <Modal opened={opened} onClose={close} title="Accuracy by confidence" centered size="xl">
      <Stack gap="md" data-testid="accuracy-modal">
        {report.isPending ? (
          <Loader size="sm" />
        ) : report.isError ? (
          <Alert color="red" title="Could not read the audits">
            {report.error.message}
          </Alert>
        ) : (
          <>
            <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
              <Text size="sm" data-testid="accuracy-overall">
                {overall ? `Top prediction overall: ${overall}${byPeople ? ' (weighted by people)' : ''}.` : 'No sample checked yet: “Check a sample” in the ⓘ card draws one.'}
              </Text>
              {data!.byPeople && (
                <SegmentedControl
                  size="xs"
                  value={basis}
                  onChange={(value) => setBasis(value === 'entries' ? 'entries' : 'people')}
                  data={[
                    { value: 'people', label: 'By people' },
                    { value: 'entries', label: 'By entries' },
                  ]}
                  aria-label="Estimates weighted by"
                  data-testid="accuracy-basis"
                />
              )}
            </Group>
            <ProductionCurveChart curve={estimates!.curve} unit={unit} />
            <Title order={5}>By confidence band</Title>
            <Table striped withTableBorder data-testid="accuracy-bands">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Confidence</Table.Th>
                  <Table.Th ta="right">Checked</Table.Th>
                  <Table.Th ta="right">Right</Table.Th>
                  <Table.Th ta="right">Estimate</Table.Th>
                  <Table.Th ta="right">95% interval</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {estimates!.bands.map((band) => (
                  <Table.Tr key={band.from}>
                    <Table.Td>{bandName(band.from, band.to)}</Table.Td>
                    <Table.Td ta="right">{band.checked}</Table.Td>
                    <Table.Td ta="right">{band.right}</Table.Td>
                    <Table.Td ta="right">{percent(band.estimate)}</Table.Td>
                    <Table.Td ta="right">{interval(band)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            <Title order={5}>Samples checked</Title>
            <SampleSecondOpinionsNotice offer={offerSample} />
            {data!.audits.length === 0 ? (
              <Text size="sm" c="dimmed">
                None yet.
              </Text>
            ) : (
              <Table withTableBorder data-testid="accuracy-audits">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Drawn</Table.Th>
                    <Table.Th ta="right">Size</Table.Th>
                    <Table.Th ta="right">Answered</Table.Th>
                    {mayAsk && <Table.Th>Double coding</Table.Th>}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data!.audits.map((audit) => (
                    <Table.Tr key={audit.auditId}>
                      <Table.Td>{new Date(audit.createdAt).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' })}</Table.Td>
                      <Table.Td ta="right">{audit.size}</Table.Td>
                      <Table.Td ta="right">{audit.answered}</Table.Td>
                      {mayAsk && (
                        <Table.Td>
                          <AskSampleSecondOpinionButton auditId={audit.auditId} offer={offerSample} />
                        </Table.Td>
                      )}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
          </>
        )}
      </Stack>
    </Modal>
  );
}
