/**
 * The import rules `npm run lint` checks (issue #15): no cycle between files, and none between the
 * folders of relay/ (one concept per folder; a folder that needs another's caller is in the wrong place).
 * @type {import('dependency-cruiser').IConfiguration}
 */
module.exports = {
  forbidden: [
    { name: 'no-file-cycle', severity: 'error', comment: 'two files that import each other', from: {}, to: { circular: true } },
    { name: 'no-folder-cycle', severity: 'error', comment: 'two folders that import each other', scope: 'folder', from: {}, to: { circular: true } },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.js', '.mjs'] },
  },
};
