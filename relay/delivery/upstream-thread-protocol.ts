import type { ServicePath } from '../contract/kinds.js';
import type { UpstreamAnswer } from './upstream-client.js';

/** What the relay's loop sends the delivery thread: a turn's calls, or the end of its connections. */
export type ThreadRequest =
  { type: 'calls'; calls: { n: number; path: ServicePath; body: string }[] } | { type: 'close' } | { type: 'destroy' };

/** One call's outcome as the thread reports it: the service's answer, or the failure's code and message. */
export type ThreadAnswer =
  { n: number; answer: UpstreamAnswer } | { n: number; error: { code: string; message: string } };
