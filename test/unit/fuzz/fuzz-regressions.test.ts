import { describe, it } from 'node:test';
import { TARGETS, corpusFiles, crashFiles, loadTarget, read } from '../../fuzz/corpus.js';

// Every seed of every fuzz target, and every input a fuzzer once failed on (test/fuzz/crashes/),
// replayed on every run: a crash found once stays fixed.
describe('the fuzz targets on their corpus and past crashes', () => {
  for (const target of TARGETS) {
    it(`${target} passes every seed and every saved crash`, async () => {
      const fuzz = await loadTarget(target);
      const files = [...corpusFiles(target), ...crashFiles(target)];
      if (files.length === 0) throw new Error(`test/fuzz/corpus/${target}/ is empty`);
      for (const file of files) {
        try {
          fuzz(read(file));
        } catch (error) {
          throw new Error(`${file}: ${(error as Error).message}`);
        }
      }
    });
  }
});
