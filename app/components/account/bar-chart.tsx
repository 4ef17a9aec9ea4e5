// A bar chart drawn as SVG on the server: no JavaScript, readable by screen readers through its
// title and the table the pages put beside it.
export function BarChart({ title, bars, format }: { title: string; bars: { label: string; value: number }[]; format: (value: number) => string }) {
  const width = 640;
  const height = 180;
  const max = Math.max(1, ...bars.map((bar) => bar.value));
  const slot = bars.length > 0 ? width / bars.length : width;
  const barWidth = Math.max(1, slot * 0.8);
  return (
    <svg role="img" aria-label={title} viewBox={`0 0 ${width} ${height + 20}`} className="w-full" data-testid="bar-chart">
      <title>{title}</title>
      {bars.map((bar, index) => {
        const barHeight = Math.round((bar.value / max) * height);
        return (
          <g key={bar.label}>
            <rect x={index * slot + (slot - barWidth) / 2} y={height - barHeight} width={barWidth} height={barHeight} className="fill-brand-400">
              <title>{`${bar.label}: ${format(bar.value)}`}</title>
            </rect>
            {bars.length <= 12 ? (
              <text x={index * slot + slot / 2} y={height + 14} textAnchor="middle" className="fill-slate-400 text-[10px]">
                {bar.label}
              </text>
            ) : null}
          </g>
        );
      })}
    </svg>
  );
}
