/**
 * The import rules `npm run lint` checks: no cycle between files or between the folders of relay/
 * (issue #15), and the layering of ARCHITECTURE.md's folder map (issue #26) written as rules, so a
 * change that breaks it fails lint instead of drifting from the prose.
 * @type {import('dependency-cruiser').IConfiguration}
 */
const relay = (folders) => `^relay/(${folders.join('|')})/`;

/** Ways in, observers and entry points: what the lower layers must never know. */
const UPPER = [
  'collect',
  'mirror',
  'import',
  'platforms',
  'webhooks',
  'sync',
  'operations',
  'debug',
  'demo',
  'observability',
  'visitors',
  'cli',
  'pages',
];

module.exports = {
  forbidden: [
    {
      name: 'no-file-cycle',
      severity: 'error',
      comment: 'two files that import each other',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-folder-cycle',
      severity: 'error',
      comment: 'two folders that import each other',
      scope: 'folder',
      from: {},
      to: { circular: true },
    },
    {
      name: 'shared-is-a-leaf',
      severity: 'error',
      comment: 'relay/shared/ holds helpers every folder may use: it imports nothing else of the relay',
      from: { path: '^relay/shared/' },
      to: { path: '^relay/', pathNot: '^relay/shared/' },
    },
    {
      name: 'contract-is-the-spec',
      severity: 'error',
      comment: 'relay/contract/ is docs/service-contract.md as code: it imports only itself and relay/shared/',
      from: { path: '^relay/contract/' },
      to: { path: '^relay/', pathNot: '^relay/(contract|shared)/' },
    },
    {
      name: 'config-is-a-leaf',
      severity: 'error',
      comment: 'relay/config/ reads settings; it knows no part that uses them',
      from: { path: '^relay/config/' },
      to: { path: '^relay/', pathNot: '^relay/(config|shared)/' },
    },
    {
      name: 'pipeline-names-no-platform',
      severity: 'error',
      comment: 'the accept pipeline knows the contract and the outbox, never a way in, a platform or an observer',
      from: { path: '^relay/pipeline/' },
      to: { path: '^relay/', pathNot: '^relay/(pipeline|contract|outbox|shared)/' },
    },
    {
      name: 'outbox-below-the-pipeline',
      severity: 'error',
      comment: 'the outbox stores records; it knows no way in, no delivery and no observer',
      from: { path: '^relay/outbox/' },
      to: { path: relay([...UPPER, 'pipeline', 'delivery', 'http']) },
    },
    {
      name: 'delivery-knows-no-observer',
      severity: 'error',
      comment: 'delivery announces each outcome as a record step; metrics, the debugger and the visitor count listen',
      from: { path: '^relay/delivery/' },
      to: { path: relay([...UPPER, 'http']) },
    },
    {
      name: 'ways-in-announce-never-count',
      severity: 'error',
      comment:
        'a way in emits record steps; metrics and logs of outcomes are kept by their listeners (recordMetrics), never called from a route',
      from: { path: relay(['collect', 'mirror', 'import', 'platforms', 'webhooks', 'sync', 'pipeline']) },
      to: { path: '^relay/observability/' },
    },
    {
      name: 'observers-only-listen',
      severity: 'error',
      comment:
        'observability/ and visitors/ subscribe to record steps: they never reach into a way in, the routes or the debugger',
      from: { path: relay(['observability', 'visitors']) },
      to: {
        path: relay([
          'collect',
          'mirror',
          'import',
          'platforms',
          'webhooks',
          'sync',
          'operations',
          'debug',
          'demo',
          'cli',
        ]),
      },
    },
    {
      name: 'ways-in-know-no-outbox',
      severity: 'error',
      comment:
        'a way in hands records to the pipeline through its own types (pipeline/pipeline-record.ts); how they are stored is behind accept',
      from: { path: relay(['collect', 'mirror', 'import', 'platforms', 'webhooks', 'sync']) },
      to: { path: '^relay/outbox/' },
    },
    {
      name: 'the-core-knows-no-way-in',
      severity: 'error',
      comment:
        'the core (relay-core.ts, the pipeline, the outbox, delivery, Redis, the delivered digests) is built before any way in and knows none',
      from: { path: '^relay/(relay-core\\.ts|core-settings\\.ts|pipeline/|outbox/|delivery/|redis/|platform-state/)' },
      to: {
        path: relay([
          'collect',
          'mirror',
          'import',
          'platforms',
          'webhooks',
          'sync',
          'operations',
          'debug',
          'demo',
          'pages',
          'cli',
        ]),
      },
    },
    {
      name: 'only-entry-files-wire',
      severity: 'error',
      comment: 'createRelay wires every part; only the package entry and the CLI start it',
      from: { pathNot: '^relay/(index\\.ts|cli/)' },
      to: { path: '^relay/create-relay\\.ts$' },
    },
    {
      name: 'one-core-factory',
      comment:
        'the outbox, delivery and the accept pipeline are built by createRelayCore alone: the relay and the CLI (import, backfill) take it from there',
      severity: 'error',
      from: { pathNot: '^relay/(create-relay\\.ts|cli/)' },
      to: { path: '^relay/relay-core\\.ts$' },
    },
    {
      name: 'one-outbox-factory',
      comment: 'a backend is chosen in one place (outbox/create-outbox.ts) for the relay and the CLI alike',
      severity: 'error',
      from: { path: '^relay/', pathNot: '^relay/outbox/(create-outbox|sqlite-outbox|redis-outbox)\\.ts$' },
      to: { path: '^relay/outbox/(sqlite|redis)-outbox\\.ts$' },
    },
    {
      name: 'browser-code-stays-in-the-browser',
      severity: 'error',
      comment: 'the snippet imports nothing of the relay (the relay imports its protocol, not the other way)',
      from: { path: '^snippet/' },
      to: { path: '^relay/' },
    },
    {
      name: 'web-knows-only-the-wire',
      severity: 'error',
      comment: "the relay's own pages (web/) share only the wire formats of the debugger and the demo",
      from: { path: '^web/' },
      to: {
        path: '^relay/',
        pathNot:
          '^relay/(debug/debug-wire|demo/demo-wire|pipeline/record-step|contract/kinds|contract/field-error)\\.ts$',
      },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.js', '.mjs'] },
  },
};
