// A bar chart drawn on the server as SVG (no charting library, no JavaScript), with the numbers in a
// visually hidden table for screen readers.
export function BarChart({ title, data, unit }: { title: string; data: { label: string; value: number }[]; unit: string }) {
  const width = 560;
  const height = 160;
  const top = 16;
  const bottom = 24;
  const max = Math.max(1, ...data.map((item) => item.value));
  const slot = width / Math.max(1, data.length);
  const barWidth = Math.max(4, slot * 0.7);
  const id = title.toLowerCase().replace(/[^a-z0-9]+/g, "-");
  return (
    <figure className="grid gap-2">
      <figcaption id={`${id}-caption`} className="text-sm font-semibold text-slate-200">
        {title}
      </figcaption>
      <svg viewBox={`0 0 ${width} ${height}`} role="img" aria-labelledby={`${id}-caption`} className="w-full" data-testid={`chart-${id}`}>
        {data.map((item, index) => {
          const barHeight = ((height - top - bottom) * item.value) / max;
          const x = index * slot + (slot - barWidth) / 2;
          const y = height - bottom - barHeight;
          return (
            <g key={item.label}>
              <rect x={x} y={y} width={barWidth} height={barHeight} rx={3} className="fill-brand-400">
                <title>{`${item.label}: ${item.value} ${unit}`}</title>
              </rect>
              {item.value > 0 ? (
                <text x={x + barWidth / 2} y={y - 4} textAnchor="middle" className="fill-slate-300 text-[10px]">
                  {item.value}
                </text>
              ) : null}
              {data.length <= 16 ? (
                <text x={x + barWidth / 2} y={height - 8} textAnchor="middle" className="fill-slate-500 text-[9px]">
                  {item.label.length === 10 ? item.label.slice(5) : item.label}
                </text>
              ) : null}
            </g>
          );
        })}
        <line x1={0} x2={width} y1={height - bottom} y2={height - bottom} className="stroke-ink-600" />
      </svg>
      <table className="sr-only">
        <caption>{title}</caption>
        <tbody>
          {data.map((item) => (
            <tr key={item.label}>
              <th scope="row">{item.label}</th>
              <td>{item.value}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
