import { Page } from '../../components/page';

export function LearnPage() {
  return <Page title="Learn" />;
}
