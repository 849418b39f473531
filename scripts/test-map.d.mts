/** The table of where each module of relay/ at `root` is tested, with a count of each kind. */
export function testMapPage(root: string): string;
/** The modules of relay/ at `root` with logic that no test reaches. */
export function untestedModules(root: string): string[];
