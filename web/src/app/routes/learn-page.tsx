import { Page } from '../../components/page';
import { LearnDiagrams } from '../../features/learn/components/learn-diagrams';

/** Learn (SPEC §2): the fishing-occupation tree and the linking diagram, one at a time. */
export function LearnPage() {
  return (
    <Page title="Learn">
      <LearnDiagrams />
    </Page>
  );
}
