import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ClientHttpError, ClientValidationError } from '../../../relay/client/client-errors.js';
import { fieldError } from '../../../relay/contract/field-error.js';
import { validateOrder } from '../../../relay/contract/validate.js';

describe('ClientValidationError(errors)', () => {
  it('names each refused field with its reason, in order, and keeps the errors for a program', () => {
    const errors = [
      fieldError('currency', 'bad_format', 'must be a three-letter currency code such as EUR'),
      fieldError('line_items[2].line_item_quantity', 'out_of_range', 'must be at least 1'),
    ];
    const error = new ClientValidationError(errors);
    assert.equal(
      error.message,
      'record refused before sending: currency: must be a three-letter currency code such as EUR; line_items[2].line_item_quantity: must be at least 1',
    );
    assert.equal(error.errors, errors);
    assert.equal(error.code, 'invalid_record');
    assert.ok(error instanceof Error);
    assert.equal(String(error).split(':')[0], 'ClientValidationError');
  });

  it('names every field the contract refused in an order, none left out', () => {
    const result = validateOrder({ order_id: -1, currency: 'euro' });
    assert.ok(!result.ok);
    const error = new ClientValidationError(result.errors);
    assert.ok(result.errors.length > 2);
    for (const { path, message } of result.errors) assert.ok(error.message.includes(`${path}: ${message}`), path);
  });
});

describe('ClientHttpError(status, body)', () => {
  it('says the status and what was answered, and keeps both', () => {
    const body = '{"error":"invalid_api_key","message":"the key is not known"}';
    const error = new ClientHttpError(401, body);
    assert.equal(error.message, `answered 401: ${body}`);
    assert.deepEqual([error.status, error.body, error.code], [401, body, 'http_error']);
    assert.ok(error instanceof Error);
    assert.equal(String(error).split(':')[0], 'ClientHttpError');
  });

  it('shows only the first 300 characters of a long body, keeping all of it in `body`', () => {
    const page = `<html>${'x'.repeat(5_000)}</html>`;
    const error = new ClientHttpError(502, page);
    assert.equal(error.message, `answered 502: ${page.slice(0, 300)}`);
    assert.equal(error.body, page);
  });
});
