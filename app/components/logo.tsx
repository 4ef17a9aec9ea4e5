/** The Songloom mark: three woven sound waves. Decorative; the word next to it carries the name. */
export function LogoMark({ className = "h-8 w-8" }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={className} aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id="songloom-mark" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="var(--color-brand-400)" />
          <stop offset="1" stopColor="var(--color-accent-400)" />
        </linearGradient>
      </defs>
      <rect width="32" height="32" rx="9" fill="var(--color-ink-800)" />
      <g fill="none" stroke="url(#songloom-mark)" strokeWidth="2.4" strokeLinecap="round">
        <path d="M6 12c3.3-4 6.7 4 10 0s6.7-4 10 0" />
        <path d="M6 17c3.3-4 6.7 4 10 0s6.7-4 10 0" opacity="0.75" />
        <path d="M6 22c3.3-4 6.7 4 10 0s6.7-4 10 0" opacity="0.5" />
      </g>
    </svg>
  );
}
