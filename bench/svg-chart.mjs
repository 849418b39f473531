// Line charts as SVG text for bench/results/ (curves read faster than tables). One chart
// per panel, panels stacked; each series a polyline with its points marked, axes with a few ticks.
// No dependency: the charts are simple and the SVG is diffable text.

const COLORS = ['#1f6feb', '#d1242f', '#1a7f37', '#9a6700', '#8250df', '#57606a'];
const esc = (text) => String(text).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Round tick values spanning [lo, hi], about `count` of them. */
function ticks(lo, hi, count = 5) {
  if (hi <= lo) return [lo];
  const raw = (hi - lo) / count;
  const step = [1, 2, 5, 10].map((m) => m * 10 ** Math.floor(Math.log10(raw))).find((s) => s >= raw) ?? raw;
  const out = [];
  for (let v = Math.ceil(lo / step) * step; v <= hi + step * 1e-9; v += step) out.push(+v.toPrecision(12));
  return out;
}

const label = (v) => (Math.abs(v) >= 10_000 ? `${+(v / 1000).toPrecision(3)}k` : `${+v.toPrecision(4)}`);

/** A scale from data to pixels; `log` for sizes spanning decades (10k, 100k, 1M). */
function scale(values, from, to, log) {
  const f = log ? Math.log10 : (v) => v;
  const lo = Math.min(...values.map(f));
  const hi = Math.max(...values.map(f));
  const span = hi - lo || 1;
  return { map: (v) => from + ((f(v) - lo) / span) * (to - from), lo, hi, log };
}

/**
 * One panel: `{ title, x: { label, log? }, y: { label, min? }, series: [{ name, points: [{ x, y }] }] }`,
 * drawn at `top` in a `width` wide SVG.
 */
function panel(p, top, width, height) {
  const left = 64,
    right = width - 16,
    plotTop = top + 28,
    bottom = top + height - 36;
  const points = p.series.flatMap((s) => s.points).filter((pt) => Number.isFinite(pt.y));
  const xs = scale(
    points.map((pt) => pt.x),
    left,
    right,
    p.x.log,
  );
  const ys = scale([...points.map((pt) => pt.y), p.y.min ?? 0], bottom, plotTop, false);
  const xTicks = p.x.log ? [...new Set(points.map((pt) => pt.x))] : ticks(xs.lo, xs.hi, 6);
  const parts = [
    `<text x="${left}" y="${top + 16}" font-size="14" font-weight="600">${esc(p.title)}</text>`,
    `<line x1="${left}" y1="${bottom}" x2="${right}" y2="${bottom}" stroke="#888"/><line x1="${left}" y1="${plotTop}" x2="${left}" y2="${bottom}" stroke="#888"/>`,
    ...ticks(ys.lo, ys.hi).map(
      (v) =>
        `<line x1="${left - 4}" y1="${ys.map(v)}" x2="${right}" y2="${ys.map(v)}" stroke="#eee"/><text x="${left - 6}" y="${ys.map(v) + 4}" font-size="10" text-anchor="end">${label(v)}</text>`,
    ),
    ...xTicks.map(
      (v) => `<text x="${xs.map(v)}" y="${bottom + 14}" font-size="10" text-anchor="middle">${label(v)}</text>`,
    ),
    `<text x="${(left + right) / 2}" y="${bottom + 30}" font-size="11" text-anchor="middle">${esc(p.x.label)}</text>`,
    `<text x="12" y="${(plotTop + bottom) / 2}" font-size="11" text-anchor="middle" transform="rotate(-90 12 ${(plotTop + bottom) / 2})">${esc(p.y.label)}</text>`,
  ];
  p.series.forEach((s, i) => {
    const color = COLORS[i % COLORS.length];
    const drawn = s.points.filter((pt) => Number.isFinite(pt.y));
    parts.push(
      `<polyline fill="none" stroke="${color}" stroke-width="1.5" points="${drawn.map((pt) => `${xs.map(pt.x).toFixed(1)},${ys.map(pt.y).toFixed(1)}`).join(' ')}"/>`,
    );
    if (drawn.length <= 30)
      parts.push(
        ...drawn.map(
          (pt) => `<circle cx="${xs.map(pt.x).toFixed(1)}" cy="${ys.map(pt.y).toFixed(1)}" r="2.5" fill="${color}"/>`,
        ),
      );
    parts.push(
      `<text x="${right - 4}" y="${plotTop + 12 + 13 * i}" font-size="11" text-anchor="end" fill="${color}">${esc(s.name)}</text>`,
    );
  });
  return parts.join('\n');
}

/** Panels stacked into one SVG document. */
export function svgCharts(panels, { width = 760, height = 260 } = {}) {
  const body = panels.map((p, i) => panel(p, i * height, width, height)).join('\n');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${panels.length * height}" viewBox="0 0 ${width} ${panels.length * height}" font-family="sans-serif">\n<rect width="100%" height="100%" fill="#fff"/>\n${body}\n</svg>\n`;
}
