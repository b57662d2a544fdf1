// Loads server code outside Next without the "react-server" condition (which hides React's client hooks that
// the i18n modules import): `import "server-only"` resolves to an empty module instead. Used by bench/budget.ts.
import { register } from "node:module";

const hook = `export async function resolve(specifier, context, next) {
  if (specifier === "server-only") return { url: "data:text/javascript,", shortCircuit: true };
  return next(specifier, context);
}`;
register(`data:text/javascript,${encodeURIComponent(hook)}`);
