const SVG = 'http://www.w3.org/2000/svg';

/** Draws `values` (nulls skipped) into a 120×32 SVG as an area under a line. */
export function drawSparkline(svg: SVGElement, values: (number | null)[]): void {
  const points = values.map((v, i) => [i, v] as const).filter((p): p is readonly [number, number] => p[1] !== null);
  svg.replaceChildren();
  const first = points[0];
  const last = points[points.length - 1];
  if (!first || !last) return;
  const max = Math.max(1, ...points.map(([, v]) => v));
  const x = (i: number) => (i / Math.max(1, values.length - 1)) * 120;
  const y = (v: number) => 30 - (v / max) * 28;
  const line = points.map(([i, v]) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(' ');
  const area = document.createElementNS(SVG, 'polygon');
  area.setAttribute('points', `${x(first[0])},32 ${line} ${x(last[0])},32`);
  area.setAttribute('class', 'spark-area');
  const polyline = document.createElementNS(SVG, 'polyline');
  polyline.setAttribute('points', line);
  polyline.setAttribute('class', 'spark-line');
  svg.append(area, polyline);
}
