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

// Public APIs only (issue 47): an upgrade of a dependency must not break us without a type error.
const PUBLIC_API_MESSAGE =
  "Use the dependency's public API: no UNSAFE_ export, no underscore member, no patched response.";
// Any name so marked, ours included: a reader cannot tell ours from a dependency's internal at a glance.
const INTERNAL_NAME = "/^UNSAFE_/";
const publicApiSelectors = (underscoreMember) => [
  { selector: `Identifier[name=${INTERNAL_NAME}]`, message: PUBLIC_API_MESSAGE },
  { selector: `ImportSpecifier[imported.name=${INTERNAL_NAME}]`, message: PUBLIC_API_MESSAGE },
  { selector: `MemberExpression[property.name=${INTERNAL_NAME}]`, message: PUBLIC_API_MESSAGE },
  { selector: `MemberExpression[property.value=${INTERNAL_NAME}]`, message: PUBLIC_API_MESSAGE },
  { selector: `MemberExpression[property.name=${underscoreMember}]`, message: PUBLIC_API_MESSAGE },
  {
    selector: "AssignmentExpression > MemberExpression.left[property.name=/^(writeHead|write|end)$/]",
    message: "Decide headers before the answer is written (server/remix-requests.ts), never by replacing its methods.",
  },
];

/**
 * Refuses an assignment to a member of what a module exports (`router.matchRoutes = …`, `lib.default.x = …`): the
 * binding of an `import`, or what `require(…)` or a function made by `createRequire` returned.
 */
const noPatchedImports = {
  meta: { type: "problem", schema: [], messages: { patched: "Never reassign what a dependency exports." } },
  create(context) {
    const requireFunctions = new Set(["require"]);
    const fromModule = (identifier) => {
      const variable = context.sourceCode
        .getScope(identifier)
        .references.find((reference) => reference.identifier === identifier)?.resolved;
      const definition = variable?.defs[0];
      if (!definition) return false;
      if (definition.type === "ImportBinding") return true;
      const init = definition.node.init;
      return init?.type === "CallExpression" && requireFunctions.has(init.callee.name);
    };
    return {
      VariableDeclarator(node) {
        if (node.init?.type === "CallExpression" && node.init.callee.name === "createRequire" && node.id.name)
          requireFunctions.add(node.id.name);
      },
      "AssignmentExpression > MemberExpression.left"(node) {
        let object = node.object;
        while (object.type === "MemberExpression" || object.expression) object = object.object ?? object.expression;
        if (object.type === "Identifier" && fromModule(object)) context.report({ node, messageId: "patched" });
      },
    };
  },
};

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
    // Playwright reads a fixture's dependencies from the destructuring of its first parameter: `{}` says "none".
    files: ["tests/e2e/fixtures.ts"],
    rules: { "no-empty-pattern": "off" },
  },
  {
    // Scripts and tests report to the terminal.
    files: ["scripts/**", "tests/**", "server/**"],
    rules: { "no-console": "off" },
  },
  {
    plugins: { local: { rules: { "no-patched-imports": noPatchedImports } } },
    rules: {
      "local/no-patched-imports": "error",
      "no-restricted-syntax": ["error", ...publicApiSelectors("/^_/")],
    },
  },
  {
    // zod 3 has no public accessor for a pipeline's input, an intersection's halves or an array's maximum length;
    // `_def` is in its published types, and zod 4 names it `def`.
    files: ["app/http/forms.server.ts"],
    rules: { "no-restricted-syntax": ["error", ...publicApiSelectors("/^_(?!def$)/")] },
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
