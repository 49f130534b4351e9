import { Anchor, Badge, Group, Paper, Stack, Table, Text, Tooltip } from '@mantine/core';
import { schemeById } from '@og/shared/domain/schemes';
import { Link } from 'react-router';
import { relationSentence, relationWords } from '../../../lib/relation-words';
import { foundWords, shareSentence, shareWords, type LinkGroup, type ReadLink } from '../code-links';
import { exploreCodePath } from '../explore-address';

/** The links of a code (`codeName`: the code's name), one table per other scheme; each linked code opens in Explore. */
export function CodeLinkGroups({ groups, codeName }: { groups: readonly LinkGroup[]; codeName: string }) {
  return (
    <Stack gap="md" data-testid="explore-link-groups">
      {groups.map((group) => {
        const label = schemeById(group.scheme).label;
        return (
          <Paper key={group.scheme} withBorder radius="md" p="sm" data-testid={`explore-link-group-${group.scheme}`}>
            <Group gap="xs" mb={6}>
              <Badge variant="light" radius="sm">
                {label}
              </Badge>
              <Text size="xs" c="dimmed">
                {group.links.length} {group.links.length === 1 ? 'link' : 'links'}
              </Text>
            </Group>
            <Table verticalSpacing={6} highlightOnHover aria-label={`Links to ${label}`}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Occupation and code</Table.Th>
                  <Table.Th w={220}>Relation</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {group.links.map((link) => (
                  <LinkRow key={`${link.value}\u0000${link.storedRelation}`} link={link} codeName={codeName} />
                ))}
              </Table.Tbody>
            </Table>
          </Paper>
        );
      })}
    </Stack>
  );
}

function LinkRow({ link, codeName }: { link: ReadLink; codeName: string }) {
  const found = foundWords(link.justification, link.score);
  return (
    <Table.Tr data-testid="explore-link" data-scheme={link.scheme} data-value={link.value}>
      <Table.Td>
        <Anchor component={Link} to={exploreCodePath(link.scheme, link.value)} size="sm" dir="auto" data-testid={`explore-link-${link.scheme}-${link.value}`}>
          {link.name || link.label}
        </Anchor>
        <Text size="xs" ff="monospace" c="dimmed" dir="auto" style={{ overflowWrap: 'anywhere' }}>
          {link.label}
        </Text>
      </Table.Td>
      <Table.Td>
        {link.relation ? (
          <Tooltip label={`${relationSentence(link.relation)} (SKOS ${link.relation})`} multiline w={280} withArrow>
            <Text size="sm" span style={{ cursor: 'help', whiteSpace: 'nowrap' }} data-testid="explore-link-relation" data-relation={link.relation}>
              {relationWords[link.relation]}
            </Text>
          </Tooltip>
        ) : (
          <Text size="sm" span c="dimmed">
            {link.storedRelation}
          </Text>
        )}
        {found && (
          <Text size="xs" c="dimmed" data-testid="explore-link-found">
            {found}
          </Text>
        )}
        {link.weight !== undefined && link.weightOf && (
          <Tooltip label={shareSentence(link.weight, link.weightOf, { code: codeName, linked: link.name || link.label })} multiline w={280} withArrow>
            <Text size="xs" c="dimmed" style={{ cursor: 'help' }} data-testid="explore-link-share" data-weight={link.weight}>
              {shareWords(link.weight, link.weightOf)}
            </Text>
          </Tooltip>
        )}
      </Table.Td>
    </Table.Tr>
  );
}
