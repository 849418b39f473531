import { DOCTOR_HEADER } from '../collect/doctor-probe.js';
import { failed, ok, warning, type DoctorCheck } from './doctor-check.js';
import { fetchAnswer, jsonOf, type Answer } from './doctor-http.js';

const HOP = 'way in';

/** A test event shaped as the snippet sends it; the doctor header keeps it out of the outbox. */
function probeBody(): string {
  const now = new Date();
  return JSON.stringify({
    sent_at: now.getTime(),
    events: [
      {
        event_name: 'Doctor Probe',
        event: { probe: true },
        event_id: `doctor-${now.getTime()}`,
        captured_at: now.getTime(),
        utc_offset: 0,
      },
    ],
  });
}

/** The identity cookies: first-party (no other site's Domain), `Secure` on https. */
function cookieCheck(cookies: string[], site: URL): DoctorCheck {
  if (cookies.length === 0)
    return failed(HOP, 'cookies', 'the relay set no identity cookie: does the proxy drop Set-Cookie?');
  const foreign = cookies
    .map((c) => /;\s*domain=([^;]+)/i.exec(c)?.[1]?.replace(/^\./, '').toLowerCase())
    .filter((d): d is string => d !== undefined && !site.hostname.endsWith(d));
  if (foreign.length > 0)
    return failed(
      HOP,
      'cookies',
      `the relay sets its cookies for ${foreign[0]}, not ${site.hostname}: browsers drop them (SHOPBEACON_COOKIE_DOMAIN)`,
    );
  if (site.protocol === 'https:' && cookies.some((c) => !/;\s*secure/i.test(c)))
    return warning(
      HOP,
      'cookies',
      'the cookies lack Secure on an https site: the relay does not know the visitor used https (X-Forwarded-Proto with SHOPBEACON_TRUST_PROXY=1)',
    );
  return ok(HOP, 'cookies', `first-party for ${site.hostname}${site.protocol === 'https:' ? ', Secure' : ''}`);
}

/** What the relay's refusal says, with the fix it names; a proxy's own error page, by its status. */
function refusal(answer: Answer): string {
  const body = jsonOf(answer);
  if (body['error'] !== undefined) return `${answer.status} ${String(body['error'])}: ${String(body['message'] ?? '')}`;
  if (answer.status === 502 || answer.status === 504)
    return `${answer.status} from the proxy: the relay behind it does not answer (is it running, at the upstream's address?)`;
  return `${answer.status}, not from a shopbeacon relay (${answer.text
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 80)})`;
}

/**
 * The way in as a browser sees it: a test event posted to the public /collect with the site's own
 * Origin and a browser's User-Agent, through whatever proxy stands in front (the check that would
 * have caught a proxy dropping the port). The relay checks it like any other and stores nothing.
 */
export async function wayInChecks(site: string, relayUrl: string): Promise<DoctorCheck[]> {
  const origin = new URL(site).origin;
  const answer = await fetchAnswer(`${relayUrl}/collect`, {
    method: 'POST',
    headers: { origin, 'content-type': 'text/plain;charset=UTF-8', [DOCTOR_HEADER]: '1' },
    body: probeBody(),
  });
  if (answer.status === 0) return [failed(HOP, 'collect', `${relayUrl}/collect cannot be reached: ${answer.text}`)];
  if (answer.status !== 200)
    return [failed(HOP, 'collect', `a browser's event on ${origin} is refused: ${refusal(answer)}`)];
  const body = jsonOf(answer);
  if (body['doctor'] !== true)
    return [
      failed(
        HOP,
        'collect',
        `${relayUrl}/collect answered, but not as a shopbeacon relay that knows the doctor (an older relay, or another service at that address)`,
      ),
    ];
  const seen = (body['seen'] ?? {}) as { origin?: string };
  const checks = [ok(HOP, 'collect', `a browser's event on ${origin} is taken`)];
  checks.push(
    seen.origin === origin
      ? ok(HOP, 'relay sees the site', `the relay sees its origin as ${seen.origin}`)
      : warning(
          HOP,
          'relay sees the site',
          `the relay sees its origin as ${String(seen.origin)}, the site is ${origin}: the proxy in front changes the Host or scheme it passes`,
        ),
  );
  const cookies = [answer.headers['set-cookie'] ?? []].flat();
  checks.push(cookieCheck(cookies, new URL(site)));
  return checks;
}
