/** Runs a use of a browser API that throws where it is blocked (sandboxed frames, privacy modes). */
export function attempt<T>(use: () => T): T | undefined {
  try {
    return use();
  } catch {
    return undefined;
  }
}
