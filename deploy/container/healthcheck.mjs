// The image's HEALTHCHECK: the relay's /readyz on its own port, with Node's fetch (the image has
// no curl). Healthy is 200 (outbox writable, Redis reachable when used); anything else, or no
// answer within 4 s, is unhealthy, and the reason /readyz gives is printed for `docker inspect`.
const port = process.env.PORT || '8787';
try {
  const response = await fetch(`http://127.0.0.1:${port}/readyz`, { signal: AbortSignal.timeout(4000) });
  if (response.ok) process.exit(0);
  console.log(`/readyz answered ${response.status}: ${(await response.text()).slice(0, 500)}`);
} catch (error) {
  console.log(`/readyz did not answer on port ${port}: ${error.message}`);
}
process.exit(1);
