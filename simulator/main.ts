// `npm run simulator` — starts the simulator from SIMULATOR_* environment variables.

import { optionsFromEnv } from "./options";
import { startSimulator } from "./server";

const options = optionsFromEnv();
const sim = await startSimulator(options);
console.log(`simulator listening on ${sim.url}`);
if (options.stateFile) console.log(`simulator: ${sim.state.restored ? "continuing the world saved in" : "keeping its world in"} ${options.stateFile}`);

let stopping = false;
const stop = (signal: string): void => {
  if (stopping) return;
  stopping = true;
  sim.close().then(
    () => process.exit(0),
    (err: unknown) => {
      console.error(`simulator: error while stopping on ${signal}`, err);
      process.exit(1);
    },
  );
};
process.on("SIGINT", () => stop("SIGINT"));
process.on("SIGTERM", () => stop("SIGTERM"));
