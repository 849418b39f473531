import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Compile } from 'typebox/compile';
import { recordJsonSchemas, serviceOpenApi } from '../../../relay/contract/openapi.js';
import { order, product } from '../../helpers/records.js';

describe('recordJsonSchemas()', () => {
  it('exports standalone JSON Schemas that a plain validator applies to the records', () => {
    const schemas = recordJsonSchemas();
    assert.ok(Compile(schemas['Order'] as never).Check(order()));
    assert.ok(Compile(schemas['Product'] as never).Check(product()));
    assert.equal(Compile(schemas['Product'] as never).Check(product({ price: '1' })), false);
  });
});

describe('serviceOpenApi()', () => {
  it('describes the three endpoints with bearer auth, 200 and 400', () => {
    const doc = serviceOpenApi('http://service.test') as {
      paths: Record<string, { post: { responses: object; security: unknown } }>;
    };
    for (const path of ['/v1/orders', '/v1/products/catalog', '/v1/track']) {
      assert.deepEqual(Object.keys(doc.paths[path]?.post.responses ?? {}), ['200', '400']);
      assert.deepEqual(doc.paths[path]?.post.security, [{ bearerAuth: [] }]);
    }
  });
  it('holds no $id that would need resolving outside the document', () => {
    assert.doesNotMatch(JSON.stringify(serviceOpenApi()), /"\$id"/);
  });
});
