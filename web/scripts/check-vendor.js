// The vendored libraries in app/vendor/ are the npm packages' files, less
// their source-map comments (the maps are not shipped). With --write this
// copies them from node_modules; without it, it checks that they still match.
import { readFileSync, writeFileSync, mkdirSync, readdirSync, existsSync, rmSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const web = join(dirname(fileURLToPath(import.meta.url)), "..");
const write = process.argv.includes("--write");

/** @type {{name: string, from: string, to: string, keep: RegExp}[]} */
const libraries = [
  { name: "snabbdom", from: "node_modules/snabbdom/build", to: "app/vendor/snabbdom", keep: /\.(js|d\.ts)$/ },
];

/** @param {string} dir @returns {string[]} */
function files(dir) {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)))
    .sort();
}

/** @param {string} text */
const withoutSourceMap = (text) => text.replace(/\n?\/\/# sourceMappingURL=\S+\s*$/, "\n");

let problems = 0;
for (const library of libraries) {
  const from = join(web, library.from);
  const to = join(web, library.to);
  const version = JSON.parse(readFileSync(join(from, "..", "package.json"), "utf8")).version;
  const wanted = files(from).filter((file) => library.keep.test(file));
  if (write) {
    for (const file of existsSync(to) ? files(to) : []) {
      if (library.keep.test(file)) rmSync(join(to, file));
    }
    for (const file of wanted) {
      mkdirSync(dirname(join(to, file)), { recursive: true });
      writeFileSync(join(to, file), withoutSourceMap(readFileSync(join(from, file), "utf8")));
    }
    writeFileSync(join(to, "LICENSE"), readFileSync(join(from, "..", "LICENSE"), "utf8"));
    writeFileSync(join(to, "VERSION"), `${library.name} ${version}\n`);
    console.log(`${library.name} ${version}: ${wanted.length} files written to ${library.to}`);
    continue;
  }
  const recorded = readFileSync(join(to, "VERSION"), "utf8").trim();
  if (recorded !== `${library.name} ${version}`) {
    console.error(`${library.to}/VERSION says "${recorded}", package.json pins ${version}`);
    problems++;
  }
  const have = files(to).filter((file) => library.keep.test(file));
  for (const file of new Set([...wanted, ...have])) {
    const expected = wanted.includes(file) ? withoutSourceMap(readFileSync(join(from, file), "utf8")) : null;
    const actual = have.includes(file) ? readFileSync(join(to, file), "utf8") : null;
    if (expected !== actual) {
      console.error(`${library.to}/${file} differs from ${library.name} ${version}`);
      problems++;
    }
  }
  if (!problems) console.log(`${library.name} ${version}: ${wanted.length} vendored files match the package`);
}
process.exit(problems ? 1 : 0);
