import { LegalPage } from '@/features/static-pages/legal-page';

export function Component() {
  return <LegalPage page="terms" updated="2025-06-15" />;
}
