/** docs/tests.md as the tree at `root` makes it: where each module of relay/ is tested. */
export function testMapPage(root: string): string;
/** What is wrong with docs/tests.md at `root`: nothing, or how to mend it. */
export function testMapProblems(root: string): string[];
