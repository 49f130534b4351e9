import { Skeleton, Text } from '@mantine/core';
import type { SchemeId } from '@og/shared/domain/schemes';
import { useMemo } from 'react';
import { useLinkPairsQuery } from '../api/get-link-pairs';
import { useSchemesQuery } from '../../../lib/schemes/get-schemes';
import { NetworkDiagram } from '../network/network-diagram';
import { networkEdges } from '../network/network-edges';
import { networkHeight, networkNodes, networkWidth } from '../network/network-nodes';
import classes from './landing.module.css';

/** The network of schemes, drawn once the schemes and the linked pairs are known. */
export function SchemeNetwork() {
  const schemes = useSchemesQuery();
  const pairs = useLinkPairsQuery();
  const codeCounts = useMemo(
    () => new Map<SchemeId, number>((schemes.data?.schemes ?? []).map((scheme) => [scheme.id, scheme.codeCount])),
    [schemes.data],
  );
  const edges = useMemo(() => {
    const withCodes = new Set([...codeCounts].filter(([, count]) => count > 0).map(([scheme]) => scheme));
    return networkEdges(pairs.data?.pairs ?? [], networkNodes, withCodes);
  }, [pairs.data, codeCounts]);

  if (schemes.isError || pairs.isError) {
    return (
      <Text className={classes.quiet} ta="center" py="xl" data-testid="scheme-network-error">
        The network of schemes cannot be shown just now.
      </Text>
    );
  }
  if (schemes.isPending || pairs.isPending) {
    return <Skeleton maw={640} mx="auto" style={{ aspectRatio: `${networkWidth} / ${networkHeight}` }} data-testid="scheme-network-loading" />;
  }
  return <NetworkDiagram nodes={networkNodes} edges={edges} codeCounts={codeCounts} />;
}
