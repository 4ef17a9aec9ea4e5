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

/** The style cards' icons, by the catalogue's icon id (app/engine/catalogue/styles.ts). */
const STYLE_ICON_PATHS: Record<string, JSX.Element> = {
  headphones: (
    <>
      <path d="M4 15v-3a8 8 0 0 1 16 0v3" />
      <rect x="3" y="14" width="4" height="7" rx="1.5" />
      <rect x="17" y="14" width="4" height="7" rx="1.5" />
    </>
  ),
  microphone: (
    <>
      <rect x="9" y="2" width="6" height="12" rx="3" />
      <path d="M5 11a7 7 0 0 0 14 0M12 18v4M8 22h8" />
    </>
  ),
  cassette: (
    <>
      <rect x="2" y="5" width="20" height="14" rx="2" />
      <circle cx="8" cy="11" r="2" />
      <circle cx="16" cy="11" r="2" />
      <path d="M10 11h4M6 19l2-4h8l2 4" />
    </>
  ),
  globe: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M3 12h18M12 3a14 14 0 0 1 0 18M12 3a14 14 0 0 0 0 18" />
    </>
  ),
  lotus: (
    <>
      <path d="M12 20c-4 0-8-2-9-6 3 0 6 1 9 6Zm0 0c4 0 8-2 9-6-3 0-6 1-9 6Z" />
      <path d="M12 20c-2-3-3-6-3-9 0-3 1.5-5 3-7 1.5 2 3 4 3 7 0 3-1 6-3 9Z" />
    </>
  ),
  flask: (
    <>
      <path d="M9 3h6M10 3v6L4.5 18.5A2 2 0 0 0 6.2 21h11.6a2 2 0 0 0 1.7-2.5L14 9V3" />
      <path d="M7 15h10" />
    </>
  ),
  spiral: <path d="M12 12a1.5 1.5 0 1 1 1.5 1.5A3 3 0 0 1 10.5 10.5 4.5 4.5 0 0 1 15 6a6 6 0 0 1 6 6 7.5 7.5 0 0 1-7.5 7.5A9 9 0 0 1 3 12" />,
  sliders: (
    <>
      <path d="M6 3v18M12 3v18M18 3v18" />
      <rect x="4" y="13" width="4" height="3" rx="1" />
      <rect x="10" y="6" width="4" height="3" rx="1" />
      <rect x="16" y="15" width="4" height="3" rx="1" />
    </>
  ),
};

/** A style's icon in SVG: drawn the same on every system, whatever emoji fonts it has. */
export function StyleIcon({ icon, className = "h-8 w-8" }: IconProps & { icon: string }) {
  return (
    <svg viewBox="0 0 24 24" className={className} aria-hidden="true" focusable="false" data-style-icon={icon} {...lineProps}>
      {STYLE_ICON_PATHS[icon] ?? STYLE_ICON_PATHS.sliders}
    </svg>
  );
}

/** The style icon ids the catalogue may use. */
export const STYLE_ICON_IDS = Object.keys(STYLE_ICON_PATHS);
