// `npm run demo` runs this before it starts the servers (scripts/demo.mjs): the simulator's world
// is made (or loaded) and saved where the simulator will continue it, and the dashboard's database
// gets the demo's month of history from that same world (scripts/demo/history.ts), once, and the
// demo people their Monday report by e-mail (scripts/demo/report-subscriptions.ts).
//
// Run as `node --conditions=react-server --import tsx` (like user:add): the server's database
// module is fenced with "server-only", and that condition lets it through.
import { optionsFromEnv } from "../simulator/options";
import { SimulatorState } from "../simulator/runtime";
import { HISTORY_DAYS, worldHistory } from "../simulator/world/history";

const say = (line: string) => console.log(`demo: ${line}`);

/** The demo people's Monday report by e-mail to the demo's mail catcher (scripts/demo/report-subscriptions.ts), once per database. */
async function seedReports(): Promise<void> {
  const [{ seedDemoReportSubscriptions }, { db, ensureMigrated }] = await Promise.all([import("./demo/report-subscriptions"), import("../lib/server/db")]);
  await ensureMigrated();
  const people = await seedDemoReportSubscriptions(db());
  if (people.length) say(`subscribed ${people.join(" and ")} to the team's weekly report by e-mail (sent once the active campaigns are mirrored)`);
}

const options = optionsFromEnv(process.env);
if (!options.stateFile) {
  // A fresh world on every start: its posts would not be the ones a history names.
  say("SIMULATOR_STATE_FILE is empty (a fresh world on every start): the demo starts without a history");
  try {
    await seedReports();
  } finally {
    await (await import("../lib/server/db")).db().destroy();
  }
  process.exit(0);
}
const sim = new SimulatorState(options);
sim.sync();
// Saved now, so the simulator starting next continues this very world.
await sim.save();
// A world restarted after a long stop may run ahead of the wall clock (60×): nothing later than now.
const now = Math.min(sim.now(), Date.now());
const [{ seedDemoHistory }, { db }] = await Promise.all([import("./demo/history"), import("../lib/server/db")]);
try {
  // Two days more than the month: the pages' "30 days" start at midnight 30 days back, so every post of it has its history.
  const { seeded, counts } = await seedDemoHistory(worldHistory(sim.world, now, HISTORY_DAYS + 2), Date.now());
  if (!seeded.decisions && !seeded.engagement) say("the demo's history is already in the database");
  else
    say(
      `wrote the demo's last 30 days: ${counts.approvals} approvals, ${counts.rejections} rejections, ${counts.verdicts} verdicts, ` +
        `${counts.comments} comments, engagement history of ${counts.posts} posts (${counts.snapshots} readings)`,
    );
  await seedReports();
} finally {
  await db().destroy();
}
