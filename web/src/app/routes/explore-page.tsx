import { Page } from '../../components/page';

export function ExplorePage() {
  return <Page title="Explore" />;
}
