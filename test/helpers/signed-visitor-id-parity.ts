// The parity of the relay's signed anonymous ids (relay/collect/signed-visitor-ids.ts) with the
// PHP the WooCommerce plugin and the PrestaShop module carry: fixtures the relay's own module
// answers, for a PHP script (each integration's tests/signed-visitor-ids.php) to answer alike.
import { spawn } from 'node:child_process';
import fc from 'fast-check';
import { SignedVisitorIds } from '../../relay/collect/signed-visitor-ids.js';

/** `[secret, claimed id]` pairs to derive an id from, `[secret, id]` pairs to judge as signed or not. */
export interface SignedIdFixtures {
  derive: [string, string][];
  check: [string, string][];
}

export interface SignedIdAnswers {
  derived: string[];
  signed: boolean[];
}

const ANONYMOUS_CHARACTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-';

// A generated `openssl rand -base64 32`, and any text: longer than HMAC's block, beyond ASCII, with NUL.
const secret = fc.oneof(
  fc.base64String({ minLength: 44, maxLength: 44 }),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 100 }),
);
const anonymousShaped = fc.stringMatching(/^[\w-]{8,64}$/);
const claim = fc.oneof(anonymousShaped, fc.string({ unit: 'binary', maxLength: 80 }));

/** An id judged under `ids`: signed ones, each of the ways one is not, and ids of an anonymous shape. */
const idUnder = (ids: SignedVisitorIds, other: SignedVisitorIds) =>
  fc.oneof(
    claim.map((c) => ids.derivedFrom(c)),
    fc.tuple(claim, fc.nat(31), fc.constantFrom(...ANONYMOUS_CHARACTERS)).map(([c, at, put]) => {
      const signed = ids.derivedFrom(c);
      const changed = put === signed[at] ? ANONYMOUS_CHARACTERS[(ANONYMOUS_CHARACTERS.indexOf(put) + 1) % 64]! : put;
      return `${signed.slice(0, at)}${changed}${signed.slice(at + 1)}`;
    }),
    claim.map((c) => other.derivedFrom(c)),
    claim.map((c) => `${ids.derivedFrom(c)}\n`),
    fc.tuple(claim, fc.nat(31), fc.constantFrom('é', 'ſ', 'K', '٣', ' ', '+', '/', '=')).map(([c, at, put]) => {
      const signed = ids.derivedFrom(c);
      return `${signed.slice(0, at)}${put}${signed.slice(at + 1)}`;
    }),
    fc.stringMatching(/^[\w-]{32}$/),
    anonymousShaped,
  );

const derivation = fc.tuple(secret, claim);
const check = fc
  .tuple(secret, secret)
  .chain(([mine, another]) =>
    idUnder(new SignedVisitorIds(mine), new SignedVisitorIds(another)).map((id): [string, string] => [mine, id]),
  );

/** Fixtures of every kind of secret, claim and id, a few dozen of each. */
export const signedIdFixtures: fc.Arbitrary<SignedIdFixtures> = fc.record({
  derive: fc.array(derivation, { minLength: 1, maxLength: 40 }),
  check: fc.array(check, { minLength: 1, maxLength: 40 }),
});

/** What the relay's module answers: what every PHP implementation must. */
export function relayAnswers(fixtures: SignedIdFixtures): SignedIdAnswers {
  return {
    derived: fixtures.derive.map(([s, claimed]) => new SignedVisitorIds(s).derivedFrom(claimed)),
    signed: fixtures.check.map(([s, id]) => new SignedVisitorIds(s).isSigned(id)),
  };
}

/** What a PHP script answers, the fixtures on its stdin as JSON. */
export function phpAnswers(script: string, fixtures: SignedIdFixtures): Promise<SignedIdAnswers> {
  const child = spawn(process.env['PHP'] ?? 'php', [script], { stdio: ['pipe', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  child.stdin.end(JSON.stringify(fixtures));
  return new Promise((resolve, reject) =>
    child.once('close', (code) =>
      code === 0
        ? resolve(JSON.parse(stdout) as SignedIdAnswers)
        : reject(new Error(`${script} exited with ${code}: ${stderr}${stdout}`)),
    ),
  );
}

/**
 * The property both integrations' parity tests assert: for any fixtures, the PHP script answers as
 * the relay does. A batch of fixtures per PHP process; fast-check shrinks a failing batch to its case.
 */
export async function assertParity(script: string): Promise<void> {
  await fc.assert(
    fc.asyncProperty(signedIdFixtures, async (fixtures) => {
      const php = await phpAnswers(script, fixtures);
      const relay = relayAnswers(fixtures);
      if (JSON.stringify(php) !== JSON.stringify(relay))
        throw new Error(`PHP answered ${JSON.stringify(php)}, the relay ${JSON.stringify(relay)}`);
    }),
    { numRuns: 25 },
  );
}
