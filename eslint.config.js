import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

// The layers of docs/architecture.md, top to bottom: routes, http, components and hooks, models, services, schemas,
// domain, utils. Each may import only what is below it; `~/` paths name the layer, and `../` is refused so no
// import goes round the rule.
const LAYERS_BELOW = ["http", "components", "hooks", "models", "services", "schemas", "domain", "utils"];
const below = (layer) => LAYERS_BELOW.slice(LAYERS_BELOW.indexOf(layer) + 1);
const LAYER_MESSAGE = "Imports point down the layers of docs/architecture.md.";

function layer(files, allowed, { noServerModules = false, noConform = false } = {}) {
  const forbidden = ["routes", ...LAYERS_BELOW, "config.server", "styles"].filter((name) => !allowed.includes(name));
  const group = [...forbidden.map((name) => `~/${name}`), ...forbidden.map((name) => `~/${name}/**`), "../*"];
  const patterns = [{ group, message: LAYER_MESSAGE }];
  if (noServerModules)
    patterns.push({
      group: ["**/*.server", "~/**/*.server"],
      message: "Browser code never imports a *.server module.",
    });
  if (noConform)
    patterns.push({
      group: ["@conform-to/*"],
      message: "Models take typed values, never forms or Conform submissions.",
    });
  return { files, rules: { "no-restricted-imports": ["error", { patterns }] } };
}

export default tseslint.config(
  { ignores: ["build/", "public/build/", ".cache/", ".data/", "test-results/", "playwright-report/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    linterOptions: { reportUnusedDisableDirectives: "error" },
    rules: {
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      eqeqeq: ["error", "smart"],
      "no-console": ["error", { allow: ["error", "warn", "info"] }],
    },
  },
  {
    files: ["app/**/*.{ts,tsx}"],
    ...jsxA11y.flatConfigs.strict,
    languageOptions: {
      ...jsxA11y.flatConfigs.strict.languageOptions,
      globals: { ...globals.browser, ...globals.node },
    },
  },
  {
    files: ["app/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // The stand-in for Google's gapi script runs in the browser, in the style of the script it replaces.
    files: ["tests/e2e/gapi-stub.js"],
    languageOptions: { globals: globals.browser },
  },
  {
    // Playwright reads a fixture's dependencies from the destructuring of its first parameter: `{}` says "none".
    files: ["tests/e2e/fixtures.ts"],
    rules: { "no-empty-pattern": "off" },
  },
  {
    // Scripts and tests report to the terminal.
    files: ["scripts/**", "tests/**", "server/**"],
    rules: { "no-console": "off" },
  },
  layer(["app/routes/**"], [...LAYERS_BELOW, "config.server", "styles"]),
  layer(
    ["app/http/**"],
    [...below("http").filter((name) => name !== "components" && name !== "hooks"), "config.server"],
  ),
  layer(["app/components/**"], ["components", "hooks", "schemas", "domain", "utils"], { noServerModules: true }),
  layer(["app/hooks/**"], ["hooks", "schemas", "domain", "utils"], { noServerModules: true }),
  layer(["app/models/**"], ["models", ...below("models"), "config.server"], { noConform: true }),
  layer(["app/services/**"], ["services", ...below("services"), "config.server"]),
  layer(["app/schemas/**"], ["schemas", ...below("schemas")]),
  layer(["app/domain/**"], ["domain", ...below("domain")]),
  layer(["app/utils/**"], ["utils"]),
);
