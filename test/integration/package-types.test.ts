// Compiles a package user's code against the built declaration files in dist/ (npm run build).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import ts from 'typescript';

/**
 * What a package user's `tsc --strict` (NodeNext, no skipLibCheck) reports in their file and in our
 * declarations. Only those files are checked: checking every library the program loads (typebox's
 * type-level code above all) took 25 s of a 28 s run, and says nothing of ours.
 */
function diagnosticsOf(file: string): string[] {
  const program = ts.createProgram([file], {
    noEmit: true,
    strict: true,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
  });
  const ours = program
    .getSourceFiles()
    .filter((source) => source.fileName.includes('/dist/relay/') || source.fileName.endsWith(file));
  const found = [
    ...program.getOptionsDiagnostics(),
    ...program.getGlobalDiagnostics(),
    ...ours.flatMap((source) => [
      ...program.getSyntacticDiagnostics(source),
      ...program.getSemanticDiagnostics(source),
    ]),
  ];
  return found.map((d) => `${d.file?.fileName ?? ''}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`);
}

describe('the built declarations (dist/relay/index.d.ts)', () => {
  it("give a package user's RelayConfig the fields each connector declares in its own folder, and compile themselves", () => {
    assert.deepEqual(diagnosticsOf('test/fixtures/package-types/consumer.ts'), []);
  });
});
