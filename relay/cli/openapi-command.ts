import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { Command } from 'commander';
import { recordJsonSchemas, serviceOpenApi } from '../contract/openapi.js';

/** `shopbeacon openapi`: writes the OpenAPI 3.1 document and the records' JSON Schemas. */
export function openapiCommand(): Command {
  return new Command('openapi')
    .description('write the OpenAPI 3.1 document of the service and a JSON Schema per record')
    .option('--out <file>', 'where to write the OpenAPI document', 'dist/openapi.json')
    .action((flags: { out: string }) => {
      mkdirSync(dirname(flags.out), { recursive: true });
      writeFileSync(flags.out, `${JSON.stringify(serviceOpenApi(), null, 2)}\n`);
      const schemaDir = join(dirname(flags.out), 'schemas');
      mkdirSync(schemaDir, { recursive: true });
      for (const [name, schema] of Object.entries(recordJsonSchemas())) {
        writeFileSync(join(schemaDir, `${name}.schema.json`), `${JSON.stringify(schema, null, 2)}\n`);
      }
      process.stdout.write(`wrote ${flags.out} and ${schemaDir}/*.schema.json\n`);
    });
}
