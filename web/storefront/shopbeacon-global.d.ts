/** The install snippet's global: the stub queues calls until shopbeacon.js replays them. */
declare function shopbeacon(command: string, ...args: unknown[]): unknown;
