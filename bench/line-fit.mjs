// Least-squares line through (x, y) points, with the slope's standard error: a slope within two
// standard errors of zero is no trend the samples can tell from noise.

/** @param {{x: number, y: number}[]} points */
export function fitLine(points) {
  const n = points.length;
  if (n < 3) return undefined;
  const meanX = points.reduce((s, p) => s + p.x, 0) / n;
  const meanY = points.reduce((s, p) => s + p.y, 0) / n;
  const sxx = points.reduce((s, p) => s + (p.x - meanX) ** 2, 0);
  const slope = points.reduce((s, p) => s + (p.x - meanX) * (p.y - meanY), 0) / sxx;
  const intercept = meanY - slope * meanX;
  const residuals = points.reduce((s, p) => s + (p.y - (intercept + slope * p.x)) ** 2, 0);
  const slopeStdErr = Math.sqrt(residuals / (n - 2) / sxx);
  return { slope, intercept, slopeStdErr, trend: Math.abs(slope) > 2 * slopeStdErr };
}
