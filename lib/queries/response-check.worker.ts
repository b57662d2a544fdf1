// The dedicated worker that checks the dashboard's GET answers against the
// schemas, so zod and the schemas (~110 KB) are evaluated here, off the main
// thread. Started by lib/queries/response-check-client.ts; the protocol is
// lib/queries/response-check-protocol.ts.
import { onUnknownValue } from "@/lib/schemas";
import { type CheckReply, handleCheckMessage } from "./response-check-protocol";
import { checkDataResponse } from "./response-schemas";

// Unknown values of open fields are the server's to log (it parsed them first);
// the browser only keeps them, quietly (response-schemas.ts does this only where there is a window).
onUnknownValue(() => {});

// The project's types are the DOM's (a "webworker" lib beside them clashes): name the two members used.
const scope = self as unknown as {
  addEventListener(type: "message", listener: (event: MessageEvent<unknown>) => void): void;
  postMessage(message: CheckReply): void;
};
scope.addEventListener("message", (event: MessageEvent<unknown>) => {
  const reply = handleCheckMessage(event.data, checkDataResponse);
  if (reply) scope.postMessage(reply);
});
