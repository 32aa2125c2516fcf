import { cn } from '@/lib/cn';
import { paths } from '@flowbay/domain/routes';

export const NAV_ITEMS = [
  { to: '/', key: 'nav.home', end: true },
  { to: paths.catalog(), key: 'nav.workflows', end: false },
] as const;

export function navClass({ isActive }: { isActive: boolean }) {
  return cn(
    'rounded-lg px-3 py-2 text-sm font-medium transition-colors',
    isActive ? 'bg-brand-50 text-brand-800' : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900',
  );
}
