"""The real server for the tests: ``target/debug/oanquan serve`` (or
$OANQUAN_BIN) on a port the OS picks and a fresh SQLite database in a
temporary directory, removed at ``stop()``."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import tempfile
import threading
from pathlib import Path

REPO = Path(__file__).resolve().parents[3]
LISTENING = re.compile(r"listening on (http://[\d.]+:\d+)")


class Server:
    def __init__(self) -> None:
        binary = Path(os.environ.get("OANQUAN_BIN", REPO / "target/debug/oanquan"))
        if not binary.exists():
            raise RuntimeError(f"no server binary at {binary}: cargo build --bin oanquan (or set OANQUAN_BIN)")
        self._binary = binary
        self._dir = tempfile.mkdtemp(prefix="oanquan-py-client-")
        env = {
            **os.environ,
            "OANQUAN_BIND": "127.0.0.1:0",
            "OANQUAN_DATABASE_URL": f"sqlite://{self._dir}/test.db",
            "OANQUAN_RATE_LIMIT_PER_SECOND": "0",
            "OANQUAN_MAX_REGISTRATIONS_PER_HOUR": "0",
            "OANQUAN_WORKERS": "2",
            # The webhook test's receiver listens on 127.0.0.1.
            "OANQUAN_WEBHOOK_ALLOW_PRIVATE_TARGETS": "true",
            "OANQUAN_WEBHOOK_POLL_MS": "50",
            "RUST_LOG": "warn,oanquan=info",
        }
        self._process = subprocess.Popen(
            [str(binary), "serve"],
            cwd=self._dir,
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
        )
        self.log: list[str] = []
        found = threading.Event()
        self.base = ""

        def read() -> None:
            assert self._process.stdout is not None
            for line in self._process.stdout:
                self.log.append(line)
                match = LISTENING.search(line)
                if match and not found.is_set():
                    self.base = match.group(1)
                    found.set()
            found.set()

        threading.Thread(target=read, daemon=True).start()
        if not found.wait(30) or not self.base:
            self.stop()
            raise RuntimeError("the server did not start:\n" + "".join(self.log))

    def anchor(self, player_id: str) -> None:
        """Makes a player an anchor of the classic ratings, as an operator
        does, so that games against them are rated."""
        subprocess.run(
            [str(self._binary), "ratings", "anchor", player_id],
            env={**os.environ, "OANQUAN_DATABASE_URL": f"sqlite://{self._dir}/test.db"},
            check=True,
            capture_output=True,
        )

    def stop(self) -> None:
        self._process.terminate()
        self._process.wait(10)
        shutil.rmtree(self._dir, ignore_errors=True)
