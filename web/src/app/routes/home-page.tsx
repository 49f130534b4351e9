import { Stack, Text, Title } from '@mantine/core';
import { LandingHero } from '../../features/landing/components/landing-hero';
import { PartnerLogos } from '../../features/landing/components/partner-logos';

/**
 * The landing view (SPEC §1, §2 "Landing"): the live count of cross-scheme mappings, the
 * network of the schemes, what the product is for and who made it, and the partners' logos.
 */
export function HomePage() {
  return (
    <Stack gap={48} maw={1180} py="md">
      <title>The Occupation Graph</title>
      <LandingHero />

      <Stack gap="sm" maw={760} data-testid="about">
        <Title order={2} size="h3">
          About
        </Title>
        <Text>
          Censuses, registers and surveys have coded occupations in many different classification schemes,
          from historical ones such as HISCO and PST to current ones such as ISCO-08 and SOC 2020. The Occupation
          Graph connects the codes of these schemes with one another, so that a title coded in one scheme can be
          read in another. Each connection between two codes is kept as a SKOS mapping relation in a triple store,
          which keeps the crosswalks open to querying, export and reuse.
        </Text>
        <Text>
          Administrators maintain the schemes and the links between them; researchers upload their own datasets of
          occupational titles, run predictions and review the proposed codes. The tool was built by a university
          research group with funding from a research council.
        </Text>
      </Stack>

      <PartnerLogos />
    </Stack>
  );
}
