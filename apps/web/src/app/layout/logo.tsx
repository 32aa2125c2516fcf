import { Link } from 'react-router';

export function Logo({ label }: { label: string }) {
  return (
    <Link
      to="/"
      className="flex items-center gap-2 rounded-lg text-lg font-bold tracking-tight text-slate-900"
      aria-label={label}
    >
      <svg viewBox="0 0 32 32" className="size-8" aria-hidden="true">
        <rect width="32" height="32" rx="8" fill="#4f46e5" />
        <path d="M9 10h9M9 16h14M9 22h6" stroke="#fff" strokeWidth="3" strokeLinecap="round" />
        <circle cx="22" cy="10" r="2.5" fill="#a5b4fc" />
        <circle cx="19" cy="22" r="2.5" fill="#a5b4fc" />
      </svg>
      <span>Flowbay</span>
    </Link>
  );
}
