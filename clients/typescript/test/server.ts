// The real server for the tests: `target/debug/oanquan serve` (or
// $OANQUAN_BIN) on a port the OS picks and a fresh SQLite database in a
// temporary directory, removed at `stop()`.

import { execFileSync, spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

const repo = resolve(import.meta.dirname, "../../../..");

export interface Server {
  base: string;
  /** Makes a player an anchor of the classic ratings, as an operator does, so that games against them are rated. */
  anchor(playerId: string): void;
  stop(): Promise<void>;
}

export async function startServer(): Promise<Server> {
  const binary = process.env.OANQUAN_BIN ?? join(repo, "target/debug/oanquan");
  if (!existsSync(binary)) throw new Error(`no server binary at ${binary}: cargo build --bin oanquan (or set OANQUAN_BIN)`);
  const dir = mkdtempSync(join(tmpdir(), "oanquan-ts-client-"));
  const child = spawn(binary, ["serve"], {
    cwd: dir,
    env: {
      ...process.env,
      OANQUAN_BIND: "127.0.0.1:0",
      OANQUAN_DATABASE_URL: `sqlite://${join(dir, "test.db")}`,
      OANQUAN_RATE_LIMIT_PER_SECOND: "0",
      OANQUAN_MAX_REGISTRATIONS_PER_HOUR: "0",
      OANQUAN_WORKERS: "2",
      RUST_LOG: "warn,oanquan=info",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let log = "";
  const base = await new Promise<string>((found, fail) => {
    const timer = setTimeout(() => fail(new Error(`the server did not start in 30 s:\n${log}`)), 30_000);
    const read = (chunk: Buffer) => {
      log += chunk.toString();
      const address = /listening on (http:\/\/[\d.]+:\d+)/.exec(log)?.[1];
      if (address !== undefined) {
        clearTimeout(timer);
        found(address);
      }
    };
    child.stdout.on("data", read);
    child.stderr.on("data", read);
    child.on("exit", (code) => fail(new Error(`the server exited (${code}):\n${log}`)));
  });
  return {
    base,
    anchor(playerId: string) {
      execFileSync(binary, ["ratings", "anchor", playerId], {
        env: { ...process.env, OANQUAN_DATABASE_URL: `sqlite://${join(dir, "test.db")}` },
        stdio: "pipe",
      });
    },
    async stop() {
      const exited = new Promise((done) => (child.exitCode !== null ? done(null) : child.once("exit", done)));
      child.kill("SIGTERM");
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
