import next from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

const config = [
  ...next,
  ...nextTs,
  {
    ignores: [".next*/**", "data/**", "e2e/.auth/**", "node_modules/**", "test-results/**", "playwright-report/**", "next-env.d.ts", "simulator/assets/**"],
  },
  {
    // Dates and numbers without building Intl formatters while a page hydrates (lib/format/use-formatter.ts).
    ignores: ["lib/format/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [{ name: "next-intl", importNames: ["useFormatter"], message: "Use useFormatter from @/lib/format/use-formatter: same texts, no Intl formatter built while the page hydrates." }],
        },
      ],
    },
  },
];
export default config;
