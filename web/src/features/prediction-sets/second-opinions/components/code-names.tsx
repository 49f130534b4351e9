import { Badge, Group, Text } from '@mantine/core';
import { splitPredictionUri } from '@og/shared/contracts/predictions';
import { useSchemeTreeQuery } from '../../../../lib/schemes/get-scheme-tree';

/** One code as its scheme names it: the code and, once the scheme's tree is read, its name. */
function CodeName({ uri }: { uri: string }) {
  const { scheme, code } = splitPredictionUri(uri);
  const record = useSchemeTreeQuery(scheme).data?.lookup[code];
  return (
    <Group gap={6} wrap="nowrap" data-testid="code-name" data-uri={uri}>
      <Badge variant="light" color="gray" radius="sm" style={{ flexShrink: 0 }}>
        {record?.label ?? code}
      </Badge>
      <Text size="sm">{record?.name ?? uri}</Text>
    </Group>
  );
}

/** The codes a reviewer gave an entry, each named. */
export function CodeNames({ uris }: { uris: readonly string[] }) {
  if (uris.length === 0) return <Text size="sm" c="dimmed">No codes</Text>;
  return uris.map((uri) => <CodeName key={uri} uri={uri} />);
}
