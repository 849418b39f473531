import type { ParkDeps } from '../../relay/pipeline/park.js';

/** The digests a park remembers, held in a Map: a dead letter's body is parked once, as the platform state does. */
export function memoryParkState(): ParkDeps['state'] {
  const remembered = new Map<string, Map<string, string>>();
  return {
    recall: (scope) => remembered.get(scope) ?? new Map(),
    remember: (scope, entries) => void remembered.set(scope, new Map([...(remembered.get(scope) ?? []), ...entries])),
  };
}
