"""Serves app.py with uvicorn on a loopback port the OS picks, for .ci/fastapi-e2e.sh.

The socket is bound here (127.0.0.1, port 0) and handed to uvicorn, so no port is guessed or freed and
taken again; the port is written to the file named by --port-file once the socket listens (uvicorn
accepts on it from then on; the script still polls /openapi.json for readiness). Stops on SIGTERM or
SIGINT, as uvicorn does.

    python serve.py --port-file PATH
"""

import argparse
import os
import socket
import sys

import uvicorn


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port-file", required=True, help="where to write the chosen port")
    arguments = parser.parse_args()

    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.bind(("127.0.0.1", 0))
    sock.listen(128)
    port = sock.getsockname()[1]
    # Written to a temporary name and renamed, so a reader never sees half a number.
    temporary = arguments.port_file + ".tmp"
    with open(temporary, "w", encoding="utf-8") as handle:
        handle.write(f"{port}\n")
    os.replace(temporary, arguments.port_file)

    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    config = uvicorn.Config("app:app", log_level="warning", access_log=False, lifespan="off")
    uvicorn.Server(config).run(sockets=[sock])
    return 0


if __name__ == "__main__":
    sys.exit(main())
