// Class names for links and buttons that look like buttons, so a <Link> and a <button> match exactly.
const base =
  "inline-flex items-center justify-center gap-2 rounded-full font-semibold transition-colors disabled:opacity-50";

const variants = {
  primary: "bg-brand-500 text-white shadow-lg shadow-brand-900/40 hover:bg-brand-400",
  accent: "bg-accent-400 text-ink-950 hover:bg-accent-300",
  secondary: "border border-ink-600 bg-ink-800/60 text-slate-100 hover:border-brand-400 hover:bg-ink-800",
  ghost: "text-slate-300 hover:bg-ink-800 hover:text-white",
} as const;

const sizes = {
  sm: "px-4 py-1.5 text-sm",
  md: "px-5 py-2.5 text-sm",
  lg: "px-7 py-3.5 text-base",
} as const;

export function buttonClass(variant: keyof typeof variants = "primary", size: keyof typeof sizes = "md"): string {
  return `${base} ${variants[variant]} ${sizes[size]}`;
}
