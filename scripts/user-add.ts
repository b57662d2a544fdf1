// npm run user:add – add a user to the sign-in users file (see lib/auth/user-add-cli.ts)
import { createInterface } from "node:readline";
import { runUserAdd } from "../lib/auth/user-add-cli";
import { authUsersFileFromEnv } from "../lib/env";

/** From a terminal: prompt without echo. From a pipe: the first line. */
function readPassword(): Promise<string> {
  const input = process.stdin;
  if (!input.isTTY) {
    return new Promise((resolve, reject) => {
      let text = "";
      input.setEncoding("utf8");
      input.on("data", (chunk: string) => (text += chunk));
      input.on("end", () => resolve(text.split(/\r?\n/)[0] ?? ""));
      input.on("error", reject);
    });
  }
  return new Promise((resolve) => {
    process.stderr.write("Password: ");
    // No output stream: readline has nowhere to echo the typed characters to.
    const rl = createInterface({ input, terminal: true });
    rl.question("", (answer) => {
      rl.close();
      process.stderr.write("\n");
      resolve(answer);
    });
  });
}

const code = await runUserAdd(process.argv.slice(2), {
  readPassword,
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
  defaultFile: authUsersFileFromEnv(),
});
process.exitCode = code;
