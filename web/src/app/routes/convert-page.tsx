import { Text } from '@mantine/core';
import { Page } from '../../components/page';
import { ConversionsTable } from '../../features/conversions/components/conversions-table';

/** `/convert`, 'My datasets' (the conversion page's header links here): the user's conversions. */
export function ConvertPage() {
  return (
    <Page title="My datasets">
      <Text c="dimmed" size="sm" mt={-8}>
        Your datasets converted into other schemes. Open one to see its result and decide its problematic codes.
      </Text>
      <ConversionsTable />
    </Page>
  );
}
