/** A `dataLayer` entry: gtag pushes its `arguments`, so a consent command is `['consent', 'default' | 'update', {...}]` as an arguments object. */
export type DataLayerEntry = ArrayLike<unknown> | null | undefined;

type ConsentState = Record<string, unknown>;

/**
 * Whether Consent Mode's state grants the snippet: `analytics_storage` granted, since the visitor's
 * id is a first-party analytics identifier stored on the device; and `personalization_storage`
 * not denied, since the service uses what it learns to personalise. Not required granted: Consent
 * Mode v2 requires only `ad_storage`, `ad_user_data`, `ad_personalization` and `analytics_storage`,
 * and most banners never set it, so it refuses only where a banner asks about it and hears no.
 */
export const gcmGrants = (state: ConsentState): boolean =>
  state['analytics_storage'] == 'granted' && state['personalization_storage'] != 'denied';

/**
 * Follows Google Consent Mode v2 through `dataLayer`: the commands already there and those pushed
 * later, through a `push` that calls the one it replaces (GTM and gtag.js wrap `push` the same
 * way, each calling the previous, so the order they load in does not matter). An update sets
 * what it names; among defaults, which come first, a `denied` stays, so a default for some
 * regions holds as if the shopper were in them: the snippet cannot know where the shopper is,
 * and the stricter reading never sends before a choice where one is needed. Defaults grant but
 * never refuse: a banner's `default` is `denied` until its `update` restores the shopper's
 * choice, and a refusal would forget every returning shopper's ids. Decides again on each
 * consent command.
 */
export function followGcm(win: { dataLayer?: DataLayerEntry[] }, decide: (granted: boolean) => void): void {
  const layer = (win.dataLayer ||= []);
  const state: ConsentState = {};
  let updated: unknown;
  const read = (entry: DataLayerEntry): unknown => {
    const command = entry?.[2] as ConsentState;
    if (entry?.[0] != 'consent' || !command) return;
    const update = entry[1] == 'update';
    updated ||= update;
    for (const type in command) if (update || state[type] != 'denied') state[type] = command[type];
    return 1;
  };
  const judge = () => {
    const granted = gcmGrants(state);
    if (granted || updated) decide(granted);
  };
  layer.forEach(read);
  judge();
  const push = layer.push;
  layer.push = (...entries) => {
    const length = push.apply(layer, entries);
    if (entries.filter(read)[0]) judge();
    return length;
  };
}
