import { apiValues, platformClientFor, type Connector } from '../platforms/connector.js';
import { CONNECTORS } from '../platforms/connectors.js';
import { rawConfigFromEnv } from '../relay-settings.js';
import { failed, ok, warning, type DoctorCheck } from './doctor-check.js';
import type { RelayStats } from './relay-checks.js';

/** What the relay's own sync says of a platform: its last sweep, its webhooks, the API's notes. */
function syncChecks(connector: Connector, sync: NonNullable<RelayStats['sync']>[string]): DoctorCheck[] {
  const hop = connector.label;
  const checks: DoctorCheck[] = [];
  if (sync.lastError) checks.push(failed(hop, 'last sweep', sync.lastError));
  else if (sync.lastSuccessAt)
    checks.push(ok(hop, 'last sweep', `succeeded at ${new Date(sync.lastSuccessAt).toISOString()}`));
  else checks.push(warning(hop, 'last sweep', 'no sweep has ended yet'));
  if (sync.webhookNote) checks.push(warning(hop, 'webhooks', sync.webhookNote));
  for (const note of sync.notes ?? []) checks.push(warning(hop, 'API', note));
  return checks;
}

/** `connect --dry-run`, read as checks: the key's permissions, and each webhook the relay needs at its public URL. */
async function connectChecks(
  connector: Connector,
  values: NonNullable<ReturnType<typeof apiValues>>,
  publicUrl: string,
): Promise<DoctorCheck[]> {
  const hop = connector.label;
  try {
    const report = await connector.connect(
      { values, catalog: { currency: '' }, client: platformClientFor(connector) },
      { publicUrl, secret: undefined, dryRun: true },
    );
    if (!report.ok)
      return [
        failed(hop, 'key', report.steps.filter((s) => s.startsWith('missing')).join('; ') || report.steps.join('; ')),
      ];
    const missing = report.steps.filter((s) => s.startsWith('would create'));
    const disabled = report.steps.filter((s) => /would keep .*(disabled|paused)/.test(s));
    const checks = [ok(hop, 'key', 'reads what the sync needs')];
    if (connector.webhook) {
      if (missing.length > 0)
        checks.push(
          warning(
            hop,
            'webhooks',
            `${missing.length} missing at ${publicUrl} (${missing.map((s) => s.split(' ')[2]).join(', ')}): run shopbeacon connect ${connector.name}`,
          ),
        );
      else if (disabled.length > 0)
        checks.push(
          warning(
            hop,
            'webhooks',
            `${disabled.length} disabled by ${connector.label} (${disabled.map((s) => s.split(' ')[2]).join(', ')}): run shopbeacon connect ${connector.name}, or let the sync re-enable them (SHOPBEACON_PUBLIC_URL)`,
          ),
        );
      else checks.push(ok(hop, 'webhooks', `every topic has an active webhook at ${publicUrl}`));
    }
    return checks;
  } catch (error) {
    return [failed(hop, 'key', (error as Error).message)];
  }
}

/** Which part of the platform the relay reads (a PrestaShop multistore's shop), when the connector can say. */
async function scopeChecks(
  connector: Connector,
  values: NonNullable<ReturnType<typeof apiValues>>,
): Promise<DoctorCheck[]> {
  if (!connector.scope) return [];
  try {
    const scope = await connector.scope({ values, catalog: { currency: '' }, client: platformClientFor(connector) });
    if (!scope) return [];
    return [(scope.warning ? warning : ok)(connector.label, 'shops', scope.detail)];
  } catch (error) {
    return [failed(connector.label, 'shops', (error as Error).message)];
  }
}

/**
 * Each platform the doctor's environment connects (the relay's own variables): its key and
 * webhooks asked of the platform, and its sync as the relay reports it.
 */
export async function platformChecks(
  publicUrl: string,
  stats: RelayStats | undefined,
  env: NodeJS.ProcessEnv = process.env,
): Promise<DoctorCheck[]> {
  const raw = rawConfigFromEnv(env);
  const checks: DoctorCheck[] = [];
  for (const connector of CONNECTORS) {
    const values = apiValues(connector, raw);
    const sync = stats?.sync?.[connector.name];
    if (!values && !sync) continue;
    if (values)
      checks.push(...(await connectChecks(connector, values, publicUrl)), ...(await scopeChecks(connector, values)));
    if (sync) checks.push(...syncChecks(connector, sync));
  }
  return checks;
}
