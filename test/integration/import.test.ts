import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createMockUpstream, type MockUpstream } from '../../relay/mock-upstream/index.js';
import { generateOrdersCsv } from '../../bench/generate-orders.mjs';
import { runCli } from '../helpers/cli-run.js';
import { ADMIN_KEY, SERVICE_TOKEN, startRelay, until } from '../helpers/relay-harness.js';

/** Runs the CLI without blocking this process, whose event loop serves the mock service. */
async function importCli(
  args: string[],
  env: Record<string, string>,
): Promise<{ status: number | null; stdout: string; stderr: string }> {
  const { code, stdout, stderr } = await runCli(['import', ...args], env);
  return { status: code, stdout, stderr };
}

const HEADER =
  'order_id,date_created_gmt,status,email,city,country,currency,order_value,line_item_product_id,line_item_price,line_item_quantity,line_item_name';

describe('shopbeacon import', () => {
  let mock: MockUpstream;
  let dir: string;
  let env: Record<string, string>;
  before(async () => {
    mock = await createMockUpstream({ token: SERVICE_TOKEN });
    dir = mkdtempSync(join(tmpdir(), 'sb-import-'));
    env = { SHOPBEACON_BASE_URL: mock.url, SHOPBEACON_TOKEN: SERVICE_TOKEN, SHOPBEACON_DATA_DIR: join(dir, 'state') };
  });
  after(() => mock.close());

  it('imports the CSV example with every value typed as the service expects', async () => {
    mock.reset();
    const run = await importCli(['orders', 'examples/orders.csv'], env);
    assert.equal(run.status, 0, run.stderr);
    const stored = mock.records('orders') as Record<string, unknown>[];
    assert.deepEqual(
      stored.map((o) => o['order_id']),
      [1001, 1002],
    );
    assert.deepEqual(stored[0], {
      order_id: 1001,
      date_created_gmt: '2026-10-02 09:15:00',
      status: 'completed',
      email: 'ada@example.com',
      first_name: 'Ada',
      last_name: 'Lovelace',
      city: 'London',
      zip_code: 'EC1A 1BB',
      country: 'GB',
      currency: 'GBP',
      order_value: 54.9,
      completion_date_gmt: '2026-10-02 09:20:00',
      line_items: [
        {
          line_item_product_id: 501,
          line_item_name: 'Teapot',
          line_item_sku: 'TP-1',
          line_item_price: 24.5,
          line_item_quantity: 1,
          line_item_total: 24.5,
        },
        {
          line_item_product_id: 502,
          line_item_name: 'Cup',
          line_item_sku: 'CP-2',
          line_item_price: 15.2,
          line_item_quantity: 2,
          line_item_total: 30.4,
        },
      ],
    });
  });

  it('imports products from CSV with booleans and numbers, and from a JSON array', async () => {
    mock.reset();
    assert.equal((await importCli(['products', 'examples/products.csv'], env)).status, 0);
    const teapot = (mock.records('products') as Record<string, unknown>[]).find((p) => p['product_id'] === 501);
    assert.deepEqual(
      [teapot?.['on_sale'], teapot?.['average_rating'], teapot?.['rating_count'], teapot?.['categories']],
      [true, 4.6, 128, 'Kitchen,Tea'],
    );
    mock.reset();
    assert.equal(
      (await importCli(['products', 'examples/products.json'], { ...env, SHOPBEACON_DATA_DIR: join(dir, 'json') }))
        .status,
      0,
    );
    assert.equal(mock.records('products').length, 2);
  });

  it('imports JSON Lines', async () => {
    mock.reset();
    assert.equal(
      (await importCli(['orders', 'examples/orders.jsonl'], { ...env, SHOPBEACON_DATA_DIR: join(dir, 'jsonl') }))
        .status,
      0,
    );
    assert.equal(mock.records('orders').length, 2);
  });

  it('reports a malformed row with its row number and field, sends the rest, and exits non-zero', async () => {
    mock.reset();
    const file = join(dir, 'bad.csv');
    const now = new Date(Date.now() - 86_400_000).toISOString().slice(0, 19).replace('T', ' ');
    writeFileSync(
      file,
      [
        HEADER,
        `1,${now},completed,a@x.test,Rome,IT,EUR,10,5,10,1,A`,
        `2,${now},completed,b@x.test,Rome,IT,EUR,ten,5,10,1,B`,
        `3,${now},completed,c@x.test,Rome,IT,EUR,10,5,10,1.5,C`,
        `4,${now},completed,d@x.test,Rome,IT,EUR,10,5,10,1,D`,
      ].join('\n'),
    );
    const errors = join(dir, 'errors.jsonl');
    const run = await importCli(['orders', file, '--errors', errors], {
      ...env,
      SHOPBEACON_DATA_DIR: join(dir, 'bad'),
    });
    assert.equal(run.status, 2);
    assert.match(run.stdout, /read 4, delivered 2, invalid 2/);
    assert.deepEqual(
      (mock.records('orders') as { order_id: number }[]).map((o) => o.order_id),
      [1, 4],
    );
    const lines = readFileSync(errors, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { row: number; errors: { path: string; message: string }[] });
    assert.deepEqual(lines, [
      { row: 3, errors: [{ path: 'row 3: order_value', message: 'must be a number, got "ten"' }] },
      { row: 4, errors: [{ path: 'row 4: line_item_quantity', message: 'must be an integer, got "1.5"' }] },
    ]);
  });

  it('skips orders older than 2 years with a count, sending nothing for them', async () => {
    mock.reset();
    const file = join(dir, 'old.jsonl');
    const recent = new Date(Date.now() - 86_400_000).toISOString().slice(0, 19).replace('T', ' ');
    const order = (id: number, date: string) =>
      JSON.stringify({
        order_id: id,
        date_created_gmt: date,
        status: 'completed',
        email: 'a@x.test',
        city: 'Oslo',
        country: 'NO',
        currency: 'NOK',
        order_value: 1,
        line_items: [],
      });
    writeFileSync(file, [order(1, '2020-01-01 00:00:00'), order(2, recent), order(3, '2019-05-05')].join('\n'));
    const run = await importCli(['orders', file], { ...env, SHOPBEACON_DATA_DIR: join(dir, 'old') });
    assert.equal(run.status, 0);
    assert.match(run.stdout, /skipped \(older than 2 years\) 2/);
    assert.deepEqual(
      (mock.records('orders') as { order_id: number }[]).map((o) => o.order_id),
      [2],
    );
  });

  it('validates only with --dry-run', async () => {
    mock.reset();
    const run = await importCli(['orders', 'examples/orders.csv', '--dry-run'], {
      ...env,
      SHOPBEACON_DATA_DIR: join(dir, 'dry'),
    });
    assert.equal(run.status, 0);
    assert.match(run.stdout, /read 2, valid 2/);
    assert.equal(mock.calls().length, 0);
  });

  it('resumes an interrupted import without re-sending what was delivered', async () => {
    mock.reset();
    mock.setFaults({ latencyMs: 20 });
    const file = join(dir, 'resume.csv');
    const orders = await generateOrdersCsv(file, 1500);
    const state = join(dir, 'resume');
    const child = spawn(process.execPath, ['bin/shopbeacon.js', 'import', 'orders', file], {
      env: { ...process.env, ...env, SHOPBEACON_DATA_DIR: state },
      stdio: 'ignore',
    });
    const exited = new Promise((resolve) => child.once('exit', resolve));
    try {
      // A deadline that holds on a busy machine: alone this takes ~2 s, beside the other suites it took over 15.
      await until(() => mock.records('orders').length >= 100, 'a part of the import');
    } catch (error) {
      child.kill('SIGKILL');
      await exited;
      throw error;
    }
    child.kill('SIGINT');
    assert.equal(await exited, 130);
    const before = mock.records('orders').length;
    assert.ok(before < orders, `interrupted after ${before} of ${orders}`);
    mock.setFaults({ latencyMs: 0 });
    const rerun = await importCli(['orders', file], { ...env, SHOPBEACON_DATA_DIR: state });
    assert.equal(rerun.status, 0, rerun.stdout + rerun.stderr);
    assert.equal(mock.records('orders').length, orders);
    assert.equal(
      mock.calls().filter((c) => c.status === 200).length,
      orders,
      'each order sent exactly once across both runs',
    );
  });

  it('posts through a running relay with --via and the admin key', async () => {
    mock.reset();
    const h = await startRelay({ upstream: mock });
    try {
      const run = await importCli(['orders', 'examples/orders.jsonl', '--via', h.url, '--admin-key', ADMIN_KEY], {
        SHOPBEACON_DATA_DIR: join(dir, 'via'),
      });
      assert.equal(run.status, 0, run.stdout + run.stderr);
      await until(() => mock.records('orders').length === 2, 'delivery by the relay');
    } finally {
      await h.close();
    }
  });

  // How the import's time and memory grow with 10,000 to 1,000,000 rows is measured in bench/ (npm run bench:growth), as figures.
  it('imports a file of several thousand generated order rows, every one delivered', async () => {
    mock.reset();
    const file = join(dir, 'orders-5k.csv');
    const orders = await generateOrdersCsv(file, 5_000);
    const run = await importCli(['orders', file], { ...env, SHOPBEACON_DATA_DIR: join(dir, 'big') });
    assert.equal(run.status, 0, run.stderr.slice(-500));
    assert.equal(mock.stats().orders, orders);
    assert.match(run.stdout, /orders: read \d+, delivered \d+, invalid 0, failed 0/);
  });
});
