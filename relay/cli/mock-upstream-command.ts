import { Command, Option } from 'commander';
import { createMockUpstream } from '../mock-upstream/create-mock-upstream.js';
import { onShutdown } from './on-shutdown.js';
import { parsePort, parseRate, parseStatus, parseWholeNumber } from './option-parsers.js';

interface MockFlags {
  port: number;
  host: string;
  token: string;
  latencyMs: number;
  failRate: number;
  failStatus: number;
  rateLimit: number;
  dataFile?: string;
}

/** Where the mock listens and what it expects, and the faults it injects. */
function mockOptions(): Option[] {
  return [
    new Option('--port <port>', 'port to listen on').env('SHOPBEACON_MOCK_PORT').default(9100).argParser(parsePort),
    new Option('--host <host>', 'interface to listen on').env('SHOPBEACON_MOCK_HOST').default('127.0.0.1'),
    new Option('--token <token>', 'the bearer token the mock expects')
      .env('SHOPBEACON_MOCK_TOKEN')
      .default('dev-token'),
    new Option('--latency-ms <ms>', 'delay before every /v1 answer')
      .env('SHOPBEACON_MOCK_LATENCY_MS')
      .default(0)
      .argParser(parseWholeNumber),
    new Option('--fail-rate <rate>', 'share of /v1 calls (0..1) answered with --fail-status')
      .env('SHOPBEACON_MOCK_FAIL_RATE')
      .default(0)
      .argParser(parseRate),
    new Option('--fail-status <status>', 'status of injected failures')
      .env('SHOPBEACON_MOCK_FAIL_STATUS')
      .default(500)
      .argParser(parseStatus),
    new Option(
      '--rate-limit <calls>',
      'calls per second answered normally; above it 429 with Retry-After: 1 (0 = no limit)',
    )
      .env('SHOPBEACON_MOCK_RATE_LIMIT')
      .default(0)
      .argParser(parseWholeNumber),
    new Option('--data-file <path>', 'keep records in this JSON file across restarts (memory only when unset)').env(
      'SHOPBEACON_MOCK_DATA_FILE',
    ),
  ];
}

const INSPECTION_HELP = `
Inspection (not part of the real service):
  GET  /_mock/records?kind=orders|products|events   bodies as received (orders/products: current per id)
  POST /_mock/events/take                            the events held so far, then forgotten (long runs)
  GET  /_mock/stats                                  counts and distinct user_id per month (the quota)
  GET  /_mock/calls                                  recent /v1 calls with time and status
  POST /_mock/reset                                  forget everything
  POST /_mock/faults  {"latencyMs","failRate","failStatus","retryAfterSeconds","mode":"normal"|"drop"|"reset","rateLimit"}
  GET  /openapi.json                                 OpenAPI 3.1 of the three endpoints`;

/** `shopbeacon mock-upstream`: the faithful stand-in of the service, with fault injection. */
export function mockUpstreamCommand(): Command {
  const command = new Command('mock-upstream').description(
    'run a faithful stand-in of the service (POST /v1/orders, /v1/products/catalog, /v1/track) with fault injection',
  );
  for (const option of mockOptions()) command.addOption(option);
  return command.addHelpText('after', INSPECTION_HELP).action(async (flags: MockFlags) => {
    const mock = await createMockUpstream({
      port: flags.port,
      host: flags.host,
      token: flags.token,
      faults: {
        latencyMs: flags.latencyMs,
        failRate: flags.failRate,
        failStatus: flags.failStatus,
        rateLimit: flags.rateLimit,
      },
      ...(flags.dataFile ? { dataFile: flags.dataFile } : {}),
    });
    process.stdout.write(`shopbeacon mock service listening on ${mock.url}\n`);
    onShutdown(() => mock.close());
  });
}
