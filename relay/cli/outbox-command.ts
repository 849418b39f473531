import { Command, Option } from 'commander';
import type { RecordKind } from '../contract/kinds.js';
import { addOutboxLocation, withOutbox, type OutboxLocation } from './open-outbox.js';
import { parseWholeNumber, parseDuration } from './option-parsers.js';
import { join } from 'node:path';
import { settingOption } from './setting-option.js';
import { recoverOutbox, type OutboxRecovery } from '../outbox/sqlite-recovery.js';

function print(value: unknown, json: boolean, text: () => string): void {
  process.stdout.write(json ? `${JSON.stringify(value, null, 2)}\n` : `${text()}\n`);
}

function statusCommand(): Command {
  return addOutboxLocation(new Command('status'))
    .description('counts by kind and state, oldest queued age, whether delivery is paused')
    .option('--json', 'print JSON')
    .action((flags: OutboxLocation & { json?: boolean }) =>
      withOutbox(flags, async (outbox) => {
        const counts = await outbox.counts();
        const paused = await outbox.pauseNote();
        const oldestAgeSeconds =
          counts.oldestQueuedAt === undefined ? null : Math.round((Date.now() - counts.oldestQueuedAt) / 1000);
        const status = { ...counts, oldestAgeSeconds, paused: paused ?? null };
        print(status, Boolean(flags.json), () =>
          [
            `queued        events ${counts.queued.event}, orders ${counts.queued.order}, products ${counts.queued.product}`,
            `dead letters  events ${counts.dead.event}, orders ${counts.dead.order}, products ${counts.dead.product}`,
            `oldest queued ${oldestAgeSeconds === null ? '-' : `${oldestAgeSeconds} s`}`,
            `totals        accepted ${counts.accepted}, delivered ${counts.delivered}, coalesced ${counts.coalesced}`,
            `delivery      ${paused ? `PAUSED: ${paused}` : 'running (or not started)'}`,
          ].join('\n'),
        );
      }),
    );
}

function deadLettersCommand(): Command {
  return addOutboxLocation(new Command('dead-letters'))
    .description('list records the service refused or that expired')
    .addOption(new Option('--kind <kind>', 'only this kind').choices(['event', 'order', 'product']))
    .addOption(new Option('--limit <n>', 'at most this many').default(50).argParser(parseWholeNumber))
    .option('--json', 'print JSON')
    .action((flags: OutboxLocation & { kind?: RecordKind; limit: number; json?: boolean }) =>
      withOutbox(flags, async (outbox) => {
        const letters = await outbox.deadLetters({ ...(flags.kind ? { kind: flags.kind } : {}), limit: flags.limit });
        print(letters, Boolean(flags.json), () =>
          letters.length === 0
            ? 'no dead letters'
            : letters
                .map((l) => `#${l.id} ${l.kind} attempts=${l.attempts} ${l.lastError ?? ''}\n    ${l.body}`)
                .join('\n'),
        );
      }),
    );
}

function retryCommand(): Command {
  return addOutboxLocation(new Command('retry'))
    .description('move dead letters back to the queue (the running relay picks them up within seconds)')
    .option('--all', 'every dead letter')
    .addOption(new Option('--id <id>', 'one dead letter by id').argParser(parseWholeNumber))
    .action(async (flags: OutboxLocation & { all?: boolean; id?: number }) => {
      if (!flags.all && flags.id === undefined) {
        process.stderr.write('shopbeacon outbox retry: give --all or --id ID\n');
        process.exit(1);
      }
      const moved = await withOutbox(flags, (outbox) =>
        outbox.requeueDead(flags.all ? undefined : [flags.id as number]),
      );
      process.stdout.write(`${moved} dead letter(s) queued again\n`);
    });
}

function purgeCommand(): Command {
  return addOutboxLocation(new Command('purge'))
    .description('delete dead letters created before a duration ago')
    .requiredOption('--dead-before <duration>', 'e.g. 7d, 24h, 30m', parseDuration)
    .action(async (flags: OutboxLocation & { deadBefore: number }) => {
      const purged = await withOutbox(flags, (outbox) => outbox.purgeDead(Date.now() - flags.deadBefore));
      process.stdout.write(`${purged} dead letter(s) deleted\n`);
    });
}

/** What `outbox recover` did, a line each: what was read and how, what was lost, what was kept. */
function recoveryReport(recovery: OutboxRecovery, file: string): string {
  const { recovered, readBy, held, lost, kept } = recovery;
  return [
    `recovered ${recovered.queued + recovered.dead} record(s) into ${file}: ${recovered.queued} queued, ${recovered.dead} dead letter(s) ` +
      `(${readBy.sqlite} read through SQLite, ${readBy.pages} from leaf pages no readable tree leads to)`,
    held === null || lost === null
      ? "lost: unknown (the damaged outbox's totals cannot be read, so how many records it held is not known)"
      : `lost ${lost} of the ${held} record(s) the damaged outbox held (its totals: accepted less delivered)`,
    kept.length > 0
      ? `the damaged outbox is kept as ${kept.join(', ')}`
      : 'nothing of the damaged outbox was left to keep',
    'the duplicate window starts empty: a batch sent again within 24 hours may be delivered twice',
  ].join('\n');
}

function recoverCommand(): Command {
  return new Command('recover')
    .description(
      'read what can still be read of a damaged, emptied or missing outbox.sqlite into a new one, the damaged file kept beside it (the relay stopped)',
    )
    .addOption(settingOption('dataDir'))
    .action((flags: { dataDir: string }) => {
      let recovery: OutboxRecovery;
      try {
        recovery = recoverOutbox(flags.dataDir);
      } catch (error) {
        process.stderr.write(`shopbeacon outbox recover: ${(error as Error).message}\n`);
        process.exit(1);
      }
      process.stdout.write(`${recoveryReport(recovery, join(flags.dataDir, 'outbox.sqlite'))}\n`);
    });
}

/** `shopbeacon outbox`: inspect and repair the outbox, also while the relay runs. */
export function outboxCommand(): Command {
  return new Command('outbox')
    .description('inspect the durable outbox: status, dead letters, retry, purge, recover')
    .addCommand(statusCommand())
    .addCommand(deadLettersCommand())
    .addCommand(retryCommand())
    .addCommand(purgeCommand())
    .addCommand(recoverCommand());
}
