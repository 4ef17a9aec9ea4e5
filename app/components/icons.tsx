// Small line icons drawn in SVG. Emoji would depend on the visitor's fonts: without a colour emoji font
// (common on Linux) they show as empty boxes. Decorative: the text beside each icon says what it means.

interface IconProps {
  className?: string;
}

const lineProps = { fill: "none", stroke: "currentColor", strokeWidth: 1.8, strokeLinecap: "round", strokeLinejoin: "round" } as const;

/** A padlock: a feature the user's plan does not include. */
export function LockIcon({ className = "h-3.5 w-3.5" }: IconProps) {
  return (
    <svg viewBox="0 0 24 24" className={className} aria-hidden="true" focusable="false" {...lineProps}>
      <rect x="5" y="11" width="14" height="10" rx="2" />
      <path d="M8 11V8a4 4 0 0 1 8 0v3" />
    </svg>
  );
}

/** Two beamed notes: an empty list of songs. */
export function NotesIcon({ className = "mx-auto h-9 w-9" }: IconProps) {
  return (
    <svg viewBox="0 0 24 24" className={className} aria-hidden="true" focusable="false" {...lineProps}>
      <path d="M9 18V5l11-2v13" />
      <circle cx="6" cy="18" r="3" />
      <circle cx="17" cy="16" r="3" />
    </svg>
  );
}
