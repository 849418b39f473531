export { createMockUpstream, type MockUpstream, type MockUpstreamOptions } from './create-mock-upstream.js';
export type { Faults } from './faults.js';
export type { MockCollection, MockStats } from './mock-store.js';
export type { MockCall } from './call-log.js';
