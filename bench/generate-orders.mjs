// Writes a CSV of `rows` order rows (1 to 3 line items per order, the order's columns repeated),
// dated within the last year, for the import test and benchmark.
import { createWriteStream } from 'node:fs';

const HEADER =
  'order_id,date_created_gmt,status,email,city,country,currency,order_value,line_item_product_id,line_item_price,line_item_quantity';

function sqlTime(ms) {
  return new Date(ms).toISOString().slice(0, 19).replace('T', ' ');
}

export async function generateOrdersCsv(file, rows, now = Date.now()) {
  const out = createWriteStream(file);
  const write = (line) => (out.write(`${line}\n`) ? undefined : new Promise((resolve) => out.once('drain', resolve)));
  await write(HEADER);
  let orderId = 1;
  for (let row = 0; row < rows; orderId++) {
    const items = Math.min(1 + (orderId % 3), rows - row);
    const created = sqlTime(now - ((orderId * 7919) % (360 * 86_400)) * 1000 - 3_600_000);
    for (let i = 0; i < items; i++, row++) {
      await write(
        `${orderId},${created},completed,buyer${orderId}@example.com,Berlin,DE,EUR,${(items * 12.5).toFixed(2)},${500 + i},12.50,1`,
      );
    }
  }
  await new Promise((resolve) => out.end(resolve));
  return orderId - 1;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [file = 'orders-200k.csv', rows = '200000'] = process.argv.slice(2);
  const orders = await generateOrdersCsv(file, Number(rows));
  console.log(`wrote ${rows} rows (${orders} orders) to ${file}`);
}
