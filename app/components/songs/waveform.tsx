// A song's waveform as SVG, drawn from its peaks (interleaved min/max pairs, -1..1). Server-rendered, so
// it shows without JavaScript; with a `progress` (0..1) the played part is tinted. Drawn as two paths
// (played, not played) of round-capped strokes with coordinates to a tenth of the 100-unit height, not one
// <rect> per bar: lists such as the library show fifteen of these, and one element per bar with
// full-precision coordinates made up most of the page's HTML.
const tenth = (value: number) => Math.round(value * 10) / 10;

export function Waveform({ peaks, progress = 0, className = "" }: { peaks: number[]; progress?: number; className?: string }) {
  const pairs = Math.floor(peaks.length / 2);
  if (pairs === 0) return null;
  const bars = Array.from({ length: pairs }, (_, index) => {
    const low = Math.max(-1, Math.min(0, peaks[index * 2]));
    const high = Math.min(1, Math.max(0, peaks[index * 2 + 1]));
    // A floor keeps silent passages visible as a thin line.
    const top = 50 - Math.max(high, 0.02) * 48;
    const height = Math.max(high - low, 0.04) * 48;
    // The stroke's round caps (radius 1) reach one unit past each end, as the bar's rounded corners did.
    return `M${index * 3 + 1} ${tenth(top + Math.min(1, height / 2))}V${tenth(top + height - Math.min(1, height / 2))}`;
  });
  const played = Math.round(Math.min(1, Math.max(0, progress)) * pairs);
  return (
    <svg viewBox={`0 0 ${pairs * 3} 100`} preserveAspectRatio="none" aria-hidden="true" className={className} fill="none" strokeWidth={2} strokeLinecap="round">
      {played > 0 ? <path d={bars.slice(0, played).join("")} className="stroke-accent-400" /> : null}
      {played < pairs ? <path d={bars.slice(played).join("")} className="stroke-brand-400/70" /> : null}
    </svg>
  );
}
