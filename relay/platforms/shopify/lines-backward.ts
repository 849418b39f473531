import { open } from 'node:fs/promises';

/** The lines of a file from the last to the first, read 64 KB at a time (constant memory whatever its size). */
export async function* linesBackward(file: string): AsyncGenerator<string> {
  const handle = await open(file, 'r');
  try {
    let position = (await handle.stat()).size;
    let carry = Buffer.alloc(0);
    while (position > 0) {
      const size = Math.min(65_536, position);
      position -= size;
      const chunk = Buffer.alloc(size);
      await handle.read(chunk, 0, size, position);
      const joined = Buffer.concat([chunk, carry]);
      let end = joined.length;
      for (let i = joined.length - 1; i >= 0; i -= 1) {
        if (joined[i] !== 0x0a) continue;
        const line = joined.subarray(i + 1, end).toString('utf8');
        if (line.trim() !== '') yield line;
        end = i;
      }
      carry = Buffer.from(joined.subarray(0, end));
    }
    const first = carry.toString('utf8');
    if (first.trim() !== '') yield first;
  } finally {
    await handle.close();
  }
}
