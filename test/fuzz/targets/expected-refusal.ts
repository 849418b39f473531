import { HttpError } from '../../../relay/http/http-error.js';

/** A refusal the relay answers with a 4xx naming the problem: expected for hostile input, not a finding. */
export function isExpectedRefusal(error: unknown): boolean {
  return error instanceof HttpError && error.status >= 400 && error.status < 500;
}

/** Text from the fuzzer's bytes, as a request body would decode them. */
export const textOf = (data: Buffer) => data.toString('utf8');

/** The bytes as JSON, or `undefined` where a JSON parser would refuse them (the relay answers 400 there). */
export function jsonOf(data: Buffer, parse: (text: string) => unknown = JSON.parse): unknown {
  try {
    return parse(textOf(data));
  } catch {
    return undefined;
  }
}
