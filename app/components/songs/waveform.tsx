// A song's waveform as SVG, drawn from its peaks (interleaved min/max pairs, -1..1). Server-rendered, so
// it shows without JavaScript; with a `progress` (0..1) the played part is tinted.
export function Waveform({ peaks, progress = 0, className = "" }: { peaks: number[]; progress?: number; className?: string }) {
  const pairs = Math.floor(peaks.length / 2);
  if (pairs === 0) return null;
  const bars = Array.from({ length: pairs }, (_, index) => {
    const low = Math.max(-1, Math.min(0, peaks[index * 2]));
    const high = Math.min(1, Math.max(0, peaks[index * 2 + 1]));
    // A floor keeps silent passages visible as a thin line.
    return { y: 50 - Math.max(high, 0.02) * 48, height: Math.max(high - low, 0.04) * 48 };
  });
  const played = Math.round(Math.min(1, Math.max(0, progress)) * pairs);
  return (
    <svg viewBox={`0 0 ${pairs * 3} 100`} preserveAspectRatio="none" aria-hidden="true" className={className}>
      {bars.map((bar, index) => (
        <rect
          key={index}
          x={index * 3}
          y={bar.y}
          width={2}
          height={bar.height}
          rx={1}
          className={index < played ? "fill-accent-400" : "fill-brand-400/70"}
        />
      ))}
    </svg>
  );
}
