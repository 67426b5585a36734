import { theme } from 'antd';

export interface BarSeries {
  name: string;
  color: string;
}

/**
 * Grouped bars drawn as SVG (no chart library to load): one group per label, one bar per series.
 * Right to left in Arabic, the first group at the right, as a reader's eye starts there. Screen
 * readers get `summary`; the figures themselves are in the tables beside each chart.
 */
export function BarChart({
  groups,
  series,
  format,
  rtl,
  summary,
  height = 180,
  testId,
}: {
  groups: { label: string; values: number[] }[];
  series: BarSeries[];
  format: (value: number) => string;
  rtl: boolean;
  summary: string;
  height?: number;
  testId?: string;
}) {
  const { token } = theme.useToken();
  const max = Math.max(1, ...groups.flatMap((g) => g.values));
  // A few groups are drawn as narrow as many would be, not as one wall of colour.
  const slot = 100 / Math.max(6, groups.length);
  const bar = (slot * 0.8) / Math.max(1, series.length);
  const plot = height - 24;
  const labelEvery = Math.ceil(groups.length / 12);
  return (
    <figure style={{ margin: 0 }} data-testid={testId}>
      <svg
        role="img"
        aria-label={summary}
        viewBox={`0 0 100 ${height}`}
        preserveAspectRatio="none"
        width="100%"
        height={height}
        style={{ display: 'block' }}
      >
        <line x1={0} x2={100} y1={plot} y2={plot} stroke={token.colorBorder} strokeWidth={0.3} />
        {groups.map((group, g) => {
          const at = rtl ? 100 - (g + 1) * slot : g * slot;
          return (
            <g key={group.label}>
              {group.values.map((value, s) => {
                const h = (value / max) * (plot - 8);
                return (
                  <rect
                    key={series[s]!.name}
                    x={at + slot * 0.1 + (rtl ? series.length - 1 - s : s) * bar}
                    y={plot - h}
                    width={bar * 0.9}
                    height={Math.max(0, h)}
                    fill={series[s]!.color}
                  >
                    <title>{`${group.label} · ${series[s]!.name}: ${format(value)}`}</title>
                  </rect>
                );
              })}
            </g>
          );
        })}
      </svg>
      <div style={{ position: 'relative', height: 18, fontSize: 11, color: token.colorTextSecondary }} aria-hidden>
        {groups.map((group, g) =>
          g % labelEvery === 0 ? (
            <span
              key={group.label}
              style={{
                position: 'absolute',
                [rtl ? 'right' : 'left']: `${g * slot}%`,
                width: `${slot * labelEvery}%`,
                textAlign: 'center',
              }}
            >
              {group.label}
            </span>
          ) : null,
        )}
      </div>
      <figcaption style={{ display: 'flex', gap: 16, fontSize: 12 }}>
        {series.map((s) => (
          <span key={s.name} style={{ display: 'inline-flex', alignItems: 'center', gap: 6 }}>
            <span style={{ width: 10, height: 10, background: s.color, display: 'inline-block' }} />
            {s.name}
          </span>
        ))}
      </figcaption>
    </figure>
  );
}
