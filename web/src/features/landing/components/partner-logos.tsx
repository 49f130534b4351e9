import { SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useSiteQuery } from '../api/get-site';
import classes from './landing.module.css';

/** The partners configured on the server (`GET /api/site`), each logo a link to its site; nothing when there are none. */
export function PartnerLogos() {
  const { data, isPending, isError } = useSiteQuery();
  if (isPending) return <Skeleton height={74} data-testid="partners-loading" />;
  if (isError) {
    return (
      <Text className={classes.quiet} size="sm" data-testid="partners-error">
        The partners cannot be shown just now.
      </Text>
    );
  }
  if (data.partners.length === 0) return null;
  return (
    <Stack gap="sm" component="section" aria-labelledby="partners-heading" data-testid="partners">
      <Title order={2} size="h3" id="partners-heading">
        Partners
      </Title>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md">
        {data.partners.map((partner) => (
          <a key={`${partner.name} ${partner.link}`} className={classes.partner} href={partner.link} data-testid="partner-logo">
            <img src={partner.image} alt={partner.name} loading="lazy" />
          </a>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
