import next from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

const config = [
  ...next,
  ...nextTs,
  {
    ignores: [".next*/**", "data/**", "e2e/.auth/**", "node_modules/**", "test-results/**", "playwright-report/**", "next-env.d.ts", "simulator/assets/**"],
  },
];
export default config;
