import { Page } from '../../components/page';

/** The conversion prototype's 'My datasets' page (SPEC §2: content not shown). */
export function ConvertPage() {
  return <Page title="Convert" />;
}
