// A local Bot API server for trying the bot by hand: `npx tsx test/telegram/bot-api-main.ts [port]`.
// Prints its URL and token; point the dashboard at it with TELEGRAM_API_ROOT and TELEGRAM_BOT_TOKEN.
// Lines typed on stdin are sent to the bot as a user's private messages ("/start <code>"); "press <data>" presses a button of the last card.
import { createInterface } from "node:readline";
import { buttonsOf, startBotApiServer, type TgUser } from "./bot-api-server";

const port = Number(process.argv[2] ?? 0);
const server = await startBotApiServer(undefined, port || undefined);
const me: TgUser = { id: 4242, is_bot: false, first_name: "Тестер", username: "tester" };
console.log(`bot api on ${server.url}  token ${server.token}`);
let seen = 0;
setInterval(() => {
  for (const c of server.calls.slice(seen)) {
    if (c.method !== "getUpdates") console.log(`← ${c.method} ${JSON.stringify({ ...c.params, reply_markup: undefined }).slice(0, 300)}${buttonsOf(c.params).length ? `  buttons: ${buttonsOf(c.params).map((b) => `${b.text}=${b.callback_data ?? b.url}`).join(" ")}` : ""}`);
  }
  seen = server.calls.length;
}, 200).unref();
for await (const line of createInterface({ input: process.stdin })) {
  const press = /^press (\S+)$/.exec(line.trim());
  const last = server.messages(me.id).at(-1);
  if (press && last) server.press(me, last, press[1] as string);
  else if (line.trim()) server.userSays(me, { id: me.id, type: "private", first_name: me.first_name }, line.trim());
}
