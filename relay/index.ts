export * from './contract/index.js';
export { createMockUpstream, type MockUpstream, type MockUpstreamOptions } from './mock-upstream/index.js';
