import { Announcer } from '../shared/announcer.js';

/**
 * One answered request, as the request log announces it: the route (not the raw path, to keep
 * labels bounded), the status, how long it took.
 */
export interface RequestDone {
  route: string;
  status: number;
  seconds: number;
}

export class RequestEvents extends Announcer<RequestDone> {}
