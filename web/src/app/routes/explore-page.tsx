import { Page } from '../../components/page';
import { ExploreScreen } from '../../features/explore/components/explore-screen';

/** /explore (SPEC §2: the heading 'Explore'; anyone may browse the schemes and translate codes, read-only). */
export function ExplorePage() {
  return (
    <Page title="Explore">
      <ExploreScreen />
    </Page>
  );
}
