import { describe, it } from 'node:test';
import { CONNECTORS } from '../../../relay/platforms/connectors.js';
import { acceptanceChecks } from '../../connectors/acceptance.js';
import type { ConnectorKit } from '../../connectors/connector-kit.js';
import { fixtureText } from '../../helpers/platform-fixtures.js';

/**
 * The connector acceptance suite on every connector of `CONNECTORS`, in the unit tier:
 * each one's stand-in answers on loopback in-process. A connector without a kit fails by name.
 */
for (const connector of CONNECTORS) {
  describe(`the connector acceptance suite: ${connector.name}`, () => {
    const kit = import(`../../connectors/${connector.name}/kit.js`).then((module: { kit?: ConnectorKit }) => {
      if (!module.kit)
        throw new Error(
          `${connector.name}: test/connectors/${connector.name}/kit.ts exports no kit (ARCHITECTURE.md, "Adding a platform")`,
        );
      return module.kit;
    });
    const under = kit.then((k) => ({
      connector,
      kit: k,
      fixture: (file: string) => fixtureText(`${connector.name}/${file}`),
    }));
    for (const name of acceptanceChecks({ connector, kit: {} as ConnectorKit, fixture: () => '' }).map(
      (check) => check.name,
    )) {
      it(name, async () => {
        const check = acceptanceChecks(await under).find((c) => c.name === name);
        await check?.run();
      });
    }
  });
}
