import { Download } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';

/** A file the server sends for download (a CSV export), as an outlined button. */
export function DownloadLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Button asChild variant="outline">
      <a href={href} download>
        <Download aria-hidden="true" />
        {children}
      </a>
    </Button>
  );
}
