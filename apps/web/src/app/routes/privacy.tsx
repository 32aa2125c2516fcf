import { LegalPage } from '@/features/static-pages/legal-page';

export function Component() {
  return <LegalPage page="privacy" updated="2026-11-29" />;
}
