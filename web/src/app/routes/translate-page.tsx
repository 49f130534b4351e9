import { Page } from '../../components/page';

/** Temporary translate page (SPEC §2: content not shown). */
export function TranslatePage() {
  return <Page title="Translate" />;
}
