import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import importX from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

/**
 * The features, lowest first: a feature may import the kit (app/shared, app/content) and the
 * features listed before it, never one listed after it. docs/architecture.md draws the picture.
 */
const FEATURES = [
  "staff",
  "pricing",
  "mail",
  "requests",
  "extras",
  "payments",
  "fiscal",
  "venues",
  "stays",
  "channels",
  "housekeeping",
  "desk",
  "reports",
  "newsletter",
  "contact",
  "site",
];

// Globs only: the rule takes a zone's paths either all as globs or none.
const APP_SHELL = "app/*.{ts,tsx}";
const all = (folder) => `${folder}/**`;

const layerZones = [
  // The kit knows no feature, no route and no page.
  {
    target: [all("app/content"), all("app/shared")],
    from: [all("app/features"), all("app/routes"), APP_SHELL],
    message: "The shared kit may not import a feature, a route or the app's shell.",
  },
  {
    target: all("app/content"),
    from: all("app/shared"),
    message: "Content is plain data: it imports no code.",
  },
  // Features import downwards only.
  ...FEATURES.slice(0, -1).map((feature, index) => ({
    target: all(`app/features/${feature}`),
    from: FEATURES.slice(index + 1).map((higher) => all(`app/features/${higher}`)),
    message: `'${feature}' may import only the features below it (${FEATURES.slice(0, index).join(", ") || "none"}).`,
  })),
  {
    target: all("app/features"),
    from: [all("app/routes"), APP_SHELL],
    message: "A feature may not import a route or the app's shell.",
  },
  { target: all("app/routes"), from: APP_SHELL, message: "A route may not import the app's shell." },
  // Server-only code renders no browser components.
  {
    target: ["**/*.server.ts", all("server")],
    from: [
      all("app/features/*/components"),
      all("app/shared/ui"),
      all("app/shared/islands"),
      all("app/routes"),
    ],
    message: "Server code may not import components or routes: move what both need into a plain module.",
  },
  // Shipped code never imports measuring or test aids, and the app never reaches back into its server.
  {
    target: [all("app"), all("server"), all("scripts")],
    from: [all("bench"), all("tests")],
    message: "Shipped code may not import measuring or test aids (bench/, tests/).",
  },
  {
    target: all("app"),
    from: [all("server"), all("scripts")],
    message: "The app may not import server/ or scripts/.",
  },
];

export default tseslint.config(
  {
    ignores: [
      "build/",
      "build-*/",
      "app/assets/photos/generated/",
      ".react-router/",
      "node_modules/",
      "data/",
      "test-results/",
      "playwright-report/",
      "bench/.tmp/",
      "bench/out/",
    ],
  },
  ...tseslint.configs.recommended,
  {
    plugins: { "react-hooks": reactHooks, "import-x": importX },
    settings: {
      "import-x/resolver-next": [createTypeScriptImportResolver({ project: "./tsconfig.json" })],
      // no-cycle follows only the files it can parse: TypeScript's.
      "import-x/extensions": [".ts", ".tsx", ".js"],
      "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "import-x/no-restricted-paths": ["error", { zones: layerZones }],
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
    },
  },
  {
    // A test may reach across layers to check how they work together; cycles still fail.
    files: ["**/*.test.ts", "**/*.test.tsx"],
    rules: { "import-x/no-restricted-paths": "off" },
  },
  {
    // Migrations describe old schemas: they may not use the app's types, nor any app code.
    files: ["app/shared/db/migrations/**"],
    rules: {
      "@typescript-eslint/no-explicit-any": "off",
      "no-restricted-imports": [
        "error",
        { patterns: [{ group: ["~/*", "../*", "./*"], message: "A migration never imports app code." }] },
      ],
    },
  },
  {
    // The console links with <Link> and posts with <Form>: a plain <a> to one of its pages or a
    // plain <form> reloads the whole document. Downloads (`download`), "#…", "//…" and "scheme:…"
    // addresses stay <a>; a computed href may be a console page, so it needs a <Link> or a reason.
    files: [
      "app/routes/staff/**/*.{ts,tsx}",
      "app/features/staff/components/**/*.tsx",
      "app/features/*/components/staff-*.tsx",
    ],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "JSXOpeningElement[name.name='form']",
          message: "A console form is a <StaffForm> (or React Router's <Form>), never a plain <form>.",
        },
        ...[
          "Literal[value=/^(?![a-zA-Z][a-zA-Z0-9+.-]*:|\\/\\/|#)/]",
          "JSXExpressionContainer > Literal[value=/^(?![a-zA-Z][a-zA-Z0-9+.-]*:|\\/\\/|#)/]",
          "JSXExpressionContainer > TemplateLiteral > TemplateElement:first-child[value.raw=/^(?![a-zA-Z][a-zA-Z0-9+.-]*:|\\/\\/|#)/]",
          "JSXExpressionContainer > :not(Literal, TemplateLiteral)",
        ].map((href) => ({
          selector: `JSXOpeningElement[name.name='a']:not(:has(JSXAttribute[name.name='download'])):has(JSXAttribute[name.name='href'] > ${href})`,
          message:
            "A link to a console page is a <Link>: a plain <a> reloads the document. Only downloads (<a download>) and other sites or schemes stay <a>.",
        })),
      ],
    },
  },
);
