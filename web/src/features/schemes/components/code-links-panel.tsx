import { Alert, Anchor, Badge, Group, Loader, Select, Stack, Table, Text } from '@mantine/core';
import type { CodeLink } from '@og/shared/contracts/schemes';
import { isSchemeId, schemeById } from '@og/shared/domain/schemes';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { codePagePath } from '../scheme-paths';

interface CodeLinksPanelProps {
  links: CodeLink[] | undefined;
  isPending: boolean;
  error: Error | null;
}

function schemeLabel(id: string): string {
  return isSchemeId(id) ? schemeById(id).label : id;
}

/** 'Links': the code's links to other schemes, each opening that code, filterable by scheme. */
export function CodeLinksPanel({ links, isPending, error }: CodeLinksPanelProps) {
  const [schemeFilter, setSchemeFilter] = useState<string | null>(null);
  const schemesPresent = useMemo(
    () => [...new Set((links ?? []).map((link) => link.scheme))].sort().map((id) => ({ value: id, label: schemeLabel(id) })),
    [links],
  );
  const shown = useMemo(
    () => (links ?? []).filter((link) => schemeFilter === null || link.scheme === schemeFilter),
    [links, schemeFilter],
  );

  if (isPending) {
    return (
      <Group justify="center" p="md">
        <Loader size="sm" aria-label="Loading links" />
      </Group>
    );
  }
  if (error) {
    return (
      <Alert color="red" variant="light" title="Could not load the links">
        {error.message}
      </Alert>
    );
  }
  if (!links || links.length === 0) {
    return (
      <Text size="sm" c="dimmed" data-testid="links-empty">
        This code has no links to other schemes yet.
      </Text>
    );
  }

  return (
    <Stack gap="sm">
      <Select
        label="Filter links"
        placeholder="All schemes"
        data={schemesPresent}
        value={schemeFilter}
        onChange={setSchemeFilter}
        clearable
        maw={280}
        data-testid="links-filter"
      />
      <Table verticalSpacing={6} highlightOnHover data-testid="links-list">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={110}>Scheme</Table.Th>
            <Table.Th>Occupation</Table.Th>
            <Table.Th w={140}>Code</Table.Th>
            <Table.Th w={120}>Relation</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {shown.map((link) => (
            <Table.Tr key={`${link.scheme}\u0000${link.value}\u0000${link.relation}`} data-testid="link-item">
              <Table.Td>
                <Badge variant="light" radius="sm">
                  {schemeLabel(link.scheme)}
                </Badge>
              </Table.Td>
              <Table.Td>
                <Anchor component={Link} to={codePagePath(link.scheme, link.value)} size="sm" dir="auto" data-testid={`link-${link.scheme}-${link.value}`}>
                  {link.name}
                </Anchor>
              </Table.Td>
              <Table.Td>
                <Text size="xs" ff="monospace" c="dimmed" dir="auto">
                  {link.label}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="xs" c="dimmed">
                  {link.relation}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
