/** A dependency-cruiser rule, as far as the rules table reads it. */
export interface CruiserRule {
  name: string;
  from?: { path?: string | string[]; pathNot?: string | string[] };
  to?: { path?: string | string[]; pathNot?: string | string[] };
}
export function ruleRowProblems(architecture: string, rules: CruiserRule[]): string[];
export function lintStepProblems(architecture: string, lintScript: string): string[];
