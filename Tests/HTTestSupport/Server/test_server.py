#!/usr/bin/env python3
"""Loopback HTTP test server for the HTNetworking test suite.

Python 3 standard library only. It is started by the Swift tests (see
``Tests/HTTestSupport/LoopbackServer.swift``) and can be run by hand:

    python3 test_server.py [--port N [--reuse-port]] [--fixtures DIR] [--ignore-stdin]

It binds 127.0.0.1 (port 0 = any free port unless ``--port`` is given), speaks
HTTP/1.1 with keep-alive (every response carries a correct Content-Length) and
prints exactly one line ``PORT <n>`` on stdout once it is listening.

It exits on SIGTERM or SIGINT, and also when its stdin reaches end of file, so
that it never outlives the process that launched it with a stdin pipe (even if
that process is killed). Pass ``--ignore-stdin`` to run it with stdin at EOF
(e.g. ``< /dev/null``). Requests are logged to stderr only when the environment
variable ``HT_SERVER_VERBOSE=1`` is set.

Routes (JSON responses use ``Content-Type: application/json; charset=utf-8``
unless stated; an unknown route answers 404, a bad parameter 400, a known
route with an unsupported method 405; HEAD works wherever GET does):

``ANY /echo[/...]``
    200 ``{"method", "path" (without query), "query": {name: [values]},
    "headers": {lower-cased name: value}, "body": <UTF-8 text of the body>,
    "json": <parsed body or null>, "form": {name: [values]} or null}``.
    ``form`` is set only for ``application/x-www-form-urlencoded`` bodies.
    Repeated headers are joined with ", ".
``ANY /status/<code>[?body=TEXT][&retry_after=S][&content_type=CT][&echo_body=1]``
    That status (200-599) with ``{"status": <code>, "message": <reason>}``, or
    exactly TEXT as the body, or with ``echo_body`` the request's own body (a
    response body that never appears in the URL); ``retry_after`` adds a
    ``Retry-After`` header.
    204 and 304 have no body.
``GET /malformed``
    200 with a JSON content type and the truncated body ``{"user": {"name": "x",``.
``GET /json?file=NAME``
    The file NAME from the ``--fixtures`` folder (plain file names only: a name
    containing ``/``, ``\\`` or ``..`` is a 400; a missing file or no fixtures
    folder is a 404).
``ANY /other/paths`` (with ``--fixtures``)
    The fixture named by the mock transport's convention, ``<method>_<path with / as _>.json``
    (GET /user/info -> ``get_user_info.json``), when it exists; otherwise the 404 of an unknown route.
``GET /delay?ms=N``
    Sleeps N milliseconds (at most 60000) then 200 ``{"delayed": N}``.
``GET /redirect?to=PATH&code=302``
    A redirect (301, 302, 303, 307 or 308; default 302) to PATH (default ``/echo``).
``ANY /flaky?key=K&fail=N&status=503``
    The first N requests for key K answer ``status`` (default 503; with
    ``Retry-After: 0`` when it is 429 or 503) and the body
    ``{"status", "message", "attempts"}``; later ones 200 ``{"attempts": <count>}``.
``GET /counter?key=K``
    ``{"count": <number of /flaky requests seen for K>}`` (/etag requests count too).
``GET /etag?key=K&tag=T``
    A response with validators, for cache revalidation: ``ETag: "T"`` and
    ``Last-Modified: Sun, 01 Nov 2026 00:00:00 GMT`` on every answer. When the
    request's ``If-None-Match`` holds ``"T"`` (or ``*``), or it has no
    ``If-None-Match`` and its ``If-Modified-Since`` equals that date: 304 with no
    body. Otherwise 200 ``{"tag": T, "count": <requests seen for K>}``. Every
    request increments K's counter (shared with /flaky and /counter).
``POST /reset-counters``
    Clears every /flaky counter; ``{"reset": true}``.
``ANY /idempotent``
    Applies a request once per ``Idempotency-Key`` header (400 without one): the
    first request with a key answers 201 ``{"key", "replayed": false, "body"}``
    and is recorded as applied; later ones with the same key answer 200
    ``{"key", "replayed": true}``. Every request counts as a delivery.
``GET /idempotent-stats``
    ``{"applied": [keys in the order first applied], "deliveries": {key: count},
    "bodies": {key: UTF-8 text of the first body}}``.
``GET /bytes?size=N&chunk=65536[&length=0][&key=K][&pace_ms=MS]``
    N bytes (byte i is ``i % 251``), ``application/octet-stream``, with a
    Content-Length, written chunk by chunk (never N bytes in memory). The request's
    ``Accept`` and ``Authorization`` headers come back as ``X-Seen-Accept`` and
    ``X-Seen-Authorization`` (when it has them). With
    ``length=0``, no Content-Length: the body ends when the connection closes.
    With ``key``, each chunk written counts for K (see /counter); with
    ``pace_ms``, the server waits that long after each chunk.
``GET /drop-midway?size=N``
    Headers with ``Content-Length: N``, the first N // 2 bytes of the /bytes
    pattern, then an abrupt close (TCP reset) in the middle of the body.
``GET /whoami?key=K[&cache_control=V][&set_cookie=NAME=VALUE][&vary=NAMES][&access_token=T]``
    200 ``{"count": <requests seen for K>, "authorization": <Authorization header or null>,
    "cookie": <Cookie header or null>, "access_token": <the access_token parameter or null>,
    "tenant": <X-Tenant header or null>, "language": <Accept-Language header or null>}``, with
    ``Cache-Control: V``, ``Set-Cookie`` and ``Vary: NAMES`` when given: a response that belongs to
    whoever sent the credentials. Counts with /flaky and /counter.
``GET /short-body?declared=N&actual=M``
    Hostile: ``Content-Length: N`` but only M (< N) bytes of the /bytes pattern, then a clean close.
``GET /drip?bytes=N&interval_ms=1000[&key=K]``
    Hostile: ``Content-Length: N`` (at most 60), then one byte every interval; with ``key``, each
    byte written counts for K (see /counter).
``GET /many-headers?count=N``
    Hostile: 200 with N (at most 5000) extra headers ``X-Header-<i>: value-<i>`` and ``{"count": N}``.
``GET /redirect-loop?key=K``
    Hostile: a 302 to itself, forever; each hop counts for K (see /counter).
``ANY /bearer/T/[...][?key=K]``
    401 unless the request's ``Authorization`` is ``Bearer T``; then as /echo, with the path after T.
    With ``key``, every request counts for K (see /counter), accepted or not.
``GET /basic-auth?user=U&password=P[&size=N]``
    401 with ``WWW-Authenticate: Basic realm="htnetworking"`` unless the request's ``Authorization``
    is Basic U:P; then 200 with N bytes of the /bytes pattern (default 1000).
``GET /gzip?count=N[&corrupt=1]``
    ``Content-Encoding: gzip`` over the JSON ``{"items": [0, 1, ..., N-1]}`` (Content-Length counts the
    compressed bytes); with ``corrupt``, the gzip stream is damaged halfway.
``GET /truncated-headers?cut=status|header``
    Hostile: the status line ``HTTP/1.1 200 OK`` (with ``cut=header``, also a complete header and half
    of another), then a clean close before the header block ends.
``GET /length-text?declared=TEXT&actual=M``
    Hostile: ``Content-Length: TEXT`` exactly as given (e.g. 23 digits, or not a number), then M bytes of
    the /bytes pattern and a clean close.
``GET /obs-text-header``
    Hostile: 200 ``{"ok": true}`` with the header ``X-Name: caf\xE9`` (one byte above 0x7F, legal
    obs-text, not UTF-8).
``GET /gzip-bomb?decoded_mib=N``
    Hostile: ``Content-Encoding: gzip`` over N MiB of zero bytes (at most 4096; about 1 MB on the wire
    for 1024), with a Content-Length of the compressed size. Compressed once per N and kept.
``GET /roundtrip/scalars``, ``PUT /roundtrip/scalars``
    The round trips of Tests/HTGeneratedClientTests/Specs/round-trip.openapi.yaml: GET answers a value
    of every scalar format, in the bytes a FastAPI (pydantic 2) server writes (compact, UTF-8 unescaped,
    ``Z`` dates with the fewest fraction digits); PUT answers its own body, with ``X-Seen``:
    ``{"same": <the body is those bytes exactly>, "body": <its text>, "sent": <the GET body's text>}``.
``GET /stream/sse[?split=N]``
    The fixed event stream ``SSE_STREAM`` (``text/event-stream``, no Content-Length, the connection closes
    at its end): a BOM, comments, CRLF, LF and CR line ends, several ``data`` lines, ``event``, ``id``,
    ``retry``, a field without a colon and an unfinished event at the end. Written one byte per write
    (each flushed), or with ``split=N`` in two writes split at byte N.
``GET /stream/prices``
    Three events ``price`` whose data is ``{"price": i}``, one byte per write.
``GET /stream/jsonl[/ndjson|/seq]?count=N[&format=jsonl|ndjson|json-seq][&bad=I]``
    N values (default 3) ``{"seq": i, "name": "item-i"}`` as JSON Lines (CRLF and blank lines included) or JSON text
    sequences, one byte per write; with ``bad``, item I is not JSON.
``GET /stream/gated?key=K``
    An event stream that sends one event ``first``, then waits (at most 30 s) for ``POST
    /stream/release?key=K`` before it sends ``second`` and ends.
``GET /stream/endless?key=K[&event_bytes=N][&limit=BYTES][&format=sse|jsonl][&pace_us=US]``
    Events (or JSON lines) of about N bytes (default 100), written in 64 KiB batches (``pace_us`` apart)
    until ``limit`` bytes or until the client goes away; ``/stream/stats?key=K`` tells ``{"bytes": <written>,
    "closed": <the client went away>, "last_event_ids": [the Last-Event-ID of each request]}``.
``GET /stream/drop?key=K``
    An event stream that resumes by ``Last-Event-ID``: without one, ``retry: 10``, events 1 and 2, then
    half of event 3 and the connection closes; with ``2``, events 3 and 4 and a clean end; with ``4``, 204.
``POST /upload``
    Parses a ``multipart/form-data`` body and answers ``{"fields": {name: value},
    "files": {name: {"filename", "content_type", "size", "sha256"}}, "parts": [{"name", "filename"
    (or null), "content_type" (or null), "headers": {lower-cased name: value}, "text" (a field's;
    null for a file), "size", "sha256"}]}``;
    ``parts`` lists every part in order, with all of its headers.
"""

from __future__ import annotations

import argparse
import base64
import gzip
import hashlib
import json
import os
import signal
import socket
import struct
import sys
import threading
import time
import zlib
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Callable, Dict, List, Optional, Tuple
from urllib.parse import parse_qs, urlsplit

JSON_TYPE = "application/json; charset=utf-8"
PATTERN_MODULUS = 251
PATTERN = bytes(range(PATTERN_MODULUS))
MAX_DELAY_MS = 60_000
MAX_CHUNK = 4 * 1024 * 1024
REDIRECT_CODES = {301, 302, 303, 307, 308}
VERBOSE = os.environ.get("HT_SERVER_VERBOSE") == "1"


class HTTPError(Exception):
    """Raised by a route to answer with an error status and a JSON message."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


def pattern_bytes(offset: int, length: int) -> bytes:
    """Returns ``length`` bytes of the deterministic pattern starting at byte ``offset``."""
    start = offset % PATTERN_MODULUS
    repeats = (start + length) // PATTERN_MODULUS + 1
    return (PATTERN * repeats)[start:start + length]


def reason_phrase(code: int) -> str:
    """The standard reason phrase of ``code``, or a generic one for unregistered codes."""
    try:
        return HTTPStatus(code).phrase
    except ValueError:
        return "Status %d" % code


def parse_header_params(value: str) -> Tuple[str, Dict[str, str]]:
    """Splits ``type/sub; a=1; b="x; y"`` into the main value and its lower-cased parameters."""
    parts: List[str] = []
    current = []
    in_quotes = False
    escaped = False
    for ch in value:
        if escaped:
            current.append(ch)
            escaped = False
        elif ch == "\\" and in_quotes:
            current.append(ch)
            escaped = True
        elif ch == '"':
            current.append(ch)
            in_quotes = not in_quotes
        elif ch == ";" and not in_quotes:
            parts.append("".join(current))
            current = []
        else:
            current.append(ch)
    parts.append("".join(current))

    main = parts[0].strip().lower()
    params: Dict[str, str] = {}
    for part in parts[1:]:
        name, sep, raw = part.partition("=")
        if not sep:
            continue
        raw = raw.strip()
        if len(raw) >= 2 and raw[0] == '"' and raw[-1] == '"':
            raw = raw[1:-1].replace('\\"', '"').replace("\\\\", "\\")
        params[name.strip().lower()] = raw
    return main, params


def parse_multipart(body: bytes, content_type: str) -> Dict[str, Any]:
    """Parses a multipart/form-data body into the /upload response object.

    Raises HTTPError(400) when the body is not well-formed multipart data.
    """
    main, params = parse_header_params(content_type)
    if main != "multipart/form-data":
        raise HTTPError(400, "expected multipart/form-data, got %r" % content_type)
    boundary = params.get("boundary", "")
    if not boundary:
        raise HTTPError(400, "multipart/form-data without a boundary")
    delimiter = b"--" + boundary.encode("latin-1")

    fields: Dict[str, str] = {}
    files: Dict[str, Dict[str, Any]] = {}
    parts: List[Dict[str, Any]] = []

    # The body is: preamble, then "--boundary" CRLF part CRLF "--boundary" ... "--boundary--".
    first = body.find(delimiter)
    if first < 0:
        raise HTTPError(400, "multipart body has no boundary line")
    position = first + len(delimiter)
    while True:
        if body.startswith(b"--", position):
            break  # closing delimiter
        if not body.startswith(b"\r\n", position):
            raise HTTPError(400, "malformed boundary line")
        position += 2
        end = body.find(b"\r\n" + delimiter, position)
        if end < 0:
            raise HTTPError(400, "multipart part is not terminated")
        part = body[position:end]
        position = end + 2 + len(delimiter)

        header_end = part.find(b"\r\n\r\n")
        if header_end < 0:
            # A part with no headers is only possible as "\r\n" + content.
            if not part.startswith(b"\r\n"):
                raise HTTPError(400, "multipart part without a header block")
            raw_headers, content = b"", part[2:]
        else:
            raw_headers, content = part[:header_end], part[header_end + 4:]

        headers: Dict[str, str] = {}
        for line in raw_headers.split(b"\r\n"):
            if not line:
                continue
            name, sep, value = line.decode("utf-8", "replace").partition(":")
            if not sep:
                raise HTTPError(400, "malformed part header %r" % line)
            headers[name.strip().lower()] = value.strip()

        disposition, disposition_params = parse_header_params(headers.get("content-disposition", ""))
        if disposition != "form-data" or "name" not in disposition_params:
            raise HTTPError(400, "part without Content-Disposition: form-data; name=...")
        name = disposition_params["name"]
        parts.append({
            "name": name,
            "filename": disposition_params.get("filename"),
            "content_type": headers.get("content-type"),
            "headers": headers,
            # A file's bytes are summed up (uploads may be large), a field's given as text.
            "text": None if "filename" in disposition_params else content.decode("utf-8", "replace"),
            "size": len(content),
            "sha256": hashlib.sha256(content).hexdigest(),
        })
        if "filename" in disposition_params:
            files[name] = {
                "filename": disposition_params["filename"],
                "content_type": headers.get("content-type", "application/octet-stream"),
                "size": len(content),
                "sha256": hashlib.sha256(content).hexdigest(),
            }
        else:
            fields[name] = content.decode("utf-8", "replace")
    return {"fields": fields, "files": files, "parts": parts}


class FlakyCounters:
    """Thread-safe per-key request counters for /flaky and /counter."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._counts: Dict[str, int] = {}
        self._idempotency_keys: Dict[str, List[str]] = {}

    def increment(self, key: str, idempotency_key: Optional[str] = None) -> int:
        with self._lock:
            count = self._counts.get(key, 0) + 1
            self._counts[key] = count
            self._idempotency_keys.setdefault(key, []).append(idempotency_key or "")
            return count

    def idempotency_keys(self, key: str) -> List[str]:
        """The `Idempotency-Key` header of each request counted for ``key``, in order ("" for none)."""
        with self._lock:
            return list(self._idempotency_keys.get(key, []))

    def get(self, key: str) -> int:
        with self._lock:
            return self._counts.get(key, 0)

    def reset(self) -> None:
        with self._lock:
            self._counts.clear()
            self._idempotency_keys.clear()


class Holds:
    """Thread-safe gates for /hold: a request waits until /release opens its key's gate (or 60 s pass)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._gates: Dict[str, threading.Event] = {}

    def gate(self, key: str) -> threading.Event:
        with self._lock:
            return self._gates.setdefault(key, threading.Event())


class IdempotencyLedger:
    """Thread-safe record of /idempotent requests: which keys were applied, in order, and how often each came."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._applied: List[str] = []
        self._deliveries: Dict[str, int] = {}
        self._bodies: Dict[str, str] = {}

    def deliver(self, key: str, body: str) -> bool:
        """Counts a delivery of ``key``; returns True when it is the first (the request is applied)."""
        with self._lock:
            count = self._deliveries.get(key, 0) + 1
            self._deliveries[key] = count
            if count == 1:
                self._applied.append(key)
                self._bodies[key] = body
            return count == 1

    def stats(self) -> Dict[str, Any]:
        with self._lock:
            return {"applied": list(self._applied), "deliveries": dict(self._deliveries),
                    "bodies": dict(self._bodies)}


SSE_STREAM = (
    b"\xef\xbb\xbf: a comment\r\n"
    b"data: one\r\n\r\n"
    b"event: update\ndata: {\"price\": 1}\nid: 7\n\n"
    b"data:first\rdata: second\r\rretry: 25\rdata\r\r"
    b"id: 8\r\ndata: \xc3\xa9t\xc3\xa9\r\nunknown: x\r\n: another comment\r\n\r\n"
    b"data: never dispatched"
)


class StreamLedger:
    """Thread-safe state of the /stream routes: bytes written and closes per key, gates, Last-Event-IDs."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._bytes: Dict[str, int] = {}
        self._closed: Dict[str, bool] = {}
        self._ids: Dict[str, List[Optional[str]]] = {}
        self._gates: Dict[str, threading.Event] = {}

    def wrote(self, key: str, count: int) -> None:
        with self._lock:
            self._bytes[key] = self._bytes.get(key, 0) + count

    def close(self, key: str) -> None:
        with self._lock:
            self._closed[key] = True

    def saw(self, key: str, last_event_id: Optional[str]) -> None:
        with self._lock:
            self._ids.setdefault(key, []).append(last_event_id)

    def gate(self, key: str) -> threading.Event:
        with self._lock:
            return self._gates.setdefault(key, threading.Event())

    def stats(self, key: str) -> Dict[str, Any]:
        with self._lock:
            return {"bytes": self._bytes.get(key, 0), "closed": self._closed.get(key, False),
                    "last_event_ids": list(self._ids.get(key, []))}


class LoopbackServer(ThreadingHTTPServer):
    """The HTTP server: one daemon thread per connection, plus the shared state of the routes."""

    daemon_threads = True
    allow_reuse_address = True
    request_queue_size = 128  # the default listen backlog (5) is too small for parallel tests

    def __init__(self, address: Tuple[str, int], fixtures: Optional[str], reuse_port: bool = False) -> None:
        self.reuse_port = reuse_port
        super().__init__(address, Handler)
        self.fixtures = fixtures
        self.counters = FlakyCounters()
        self.ledger = IdempotencyLedger()
        self.holds = Holds()
        self.streams = StreamLedger()

    def server_bind(self) -> None:
        # Binds beside the tests' PortReservation, which holds the port (bound, never listening) while
        # no server runs on it, so no other test's server can take it meanwhile.
        if self.reuse_port:
            self.socket.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
        super().server_bind()

    def handle_error(self, request: Any, client_address: Any) -> None:
        # Clients that hang up mid-response are normal in tests; only show tracebacks when verbose.
        if VERBOSE:
            super().handle_error(request, client_address)


class Handler(BaseHTTPRequestHandler):
    """Dispatches every request, whatever its method, to a route."""

    protocol_version = "HTTP/1.1"
    server_version = "HTLoopback/1.0"
    server: LoopbackServer

    # Any method name ("GET", "PATCH", "PROPFIND", ...) is handled by `dispatch`.
    def __getattr__(self, name: str) -> Callable[[], None]:
        if name.startswith("do_"):
            return self.dispatch
        raise AttributeError(name)

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 (stdlib signature)
        if VERBOSE:
            sys.stderr.write("[test_server] %s %s\n" % (self.address_string(), format % args))
            sys.stderr.flush()

    # MARK: - Request helpers

    def read_body(self) -> bytes:
        """Reads the whole request body (Content-Length or chunked transfer coding)."""
        if "chunked" in self.headers.get("Transfer-Encoding", "").lower():
            chunks = []
            while True:
                size_line = self.rfile.readline(65537)
                if not size_line:
                    raise HTTPError(400, "truncated chunked body")
                try:
                    size = int(size_line.split(b";", 1)[0].strip(), 16)
                except ValueError:
                    raise HTTPError(400, "bad chunk size line")
                if size == 0:
                    # Skip trailers up to the empty line.
                    while self.rfile.readline(65537) not in (b"\r\n", b"\n", b""):
                        pass
                    break
                chunks.append(self.rfile.read(size))
                self.rfile.readline(65537)  # CRLF after the chunk data
            return b"".join(chunks)
        length_header = self.headers.get("Content-Length")
        if not length_header:
            return b""
        try:
            length = int(length_header)
        except ValueError:
            raise HTTPError(400, "bad Content-Length")
        if length < 0:
            raise HTTPError(400, "bad Content-Length")
        return self.rfile.read(length)

    @staticmethod
    def int_param(query: Dict[str, List[str]], name: str, default: Optional[int] = None,
                  minimum: int = 0, maximum: Optional[int] = None) -> int:
        """The integer query parameter ``name``, or a 400 if it is missing, not an integer or out of range."""
        values = query.get(name)
        if not values:
            if default is None:
                raise HTTPError(400, "missing query parameter %r" % name)
            return default
        try:
            value = int(values[0])
        except ValueError:
            raise HTTPError(400, "query parameter %r must be an integer" % name)
        if value < minimum or (maximum is not None and value > maximum):
            raise HTTPError(400, "query parameter %r out of range" % name)
        return value

    @staticmethod
    def str_param(query: Dict[str, List[str]], name: str, default: Optional[str] = None) -> str:
        """The text query parameter ``name``, or a 400 if it is missing and has no default."""
        values = query.get(name)
        if not values:
            if default is None:
                raise HTTPError(400, "missing query parameter %r" % name)
            return default
        return values[0]

    # MARK: - Response helpers

    def send_body(self, status: int, body: bytes, content_type: str = JSON_TYPE,
                  headers: Optional[Dict[str, str]] = None) -> None:
        """Sends a complete response with a Content-Length (no body for HEAD, 204 and 304)."""
        self.send_response(status)
        for name, value in (headers or {}).items():
            self.send_header(name, value)
        if status in (204, 304):
            self.end_headers()
            return
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    def send_json(self, status: int, value: Any, headers: Optional[Dict[str, str]] = None) -> None:
        self.send_body(status, json.dumps(value).encode("utf-8"), JSON_TYPE, headers)

    # MARK: - Dispatch

    def dispatch(self) -> None:
        split = urlsplit(self.path)
        path = split.path
        query = parse_qs(split.query, keep_blank_values=True)
        try:
            try:
                # Always consume the request body so the next request on a kept-alive connection is in sync.
                body = self.read_body()
            except HTTPError:
                self.close_connection = True  # the rest of the stream can't be trusted any more
                raise
            self.route(path, query, body)
        except HTTPError as error:
            self.send_json(error.status, {"status": error.status, "message": error.message})
        except (BrokenPipeError, ConnectionResetError):
            self.close_connection = True

    def require_method(self, *methods: str) -> None:
        allowed = set(methods)
        if "GET" in allowed:
            allowed.add("HEAD")
        if self.command not in allowed:
            raise HTTPError(405, "%s is not allowed here; use %s" % (self.command, ", ".join(sorted(allowed))))

    def route(self, path: str, query: Dict[str, List[str]], body: bytes) -> None:
        if path == "/echo" or path.startswith("/echo/"):
            self.route_echo(path, query, body)
        elif path.startswith("/bearer/"):
            self.route_bearer(path[len("/bearer/"):], query, body)
        elif path.startswith("/status/"):
            self.route_status(path[len("/status/"):], query, body)
        elif path == "/malformed":
            self.require_method("GET")
            self.send_body(200, b'{"user": {"name": "x",')
        elif path == "/json":
            self.require_method("GET")
            self.route_json(query)
        elif path == "/delay":
            self.require_method("GET")
            ms = self.int_param(query, "ms", maximum=MAX_DELAY_MS)
            time.sleep(ms / 1000.0)
            self.send_json(200, {"delayed": ms})
        elif path == "/redirect":
            self.require_method("GET")
            code = self.int_param(query, "code", default=302)
            if code not in REDIRECT_CODES:
                raise HTTPError(400, "redirect code must be one of %s" % sorted(REDIRECT_CODES))
            target = self.str_param(query, "to", "/echo")
            self.send_json(code, {"status": code, "location": target}, {"Location": target})
        elif path == "/flaky":
            self.route_flaky(query)
        elif path == "/etag":
            self.require_method("GET")
            self.route_etag(query)
        elif path == "/counter":
            self.require_method("GET")
            self.send_json(200, {"count": self.server.counters.get(self.str_param(query, "key"))})
        elif path == "/reset-counters":
            self.require_method("POST")
            self.server.counters.reset()
            self.send_json(200, {"reset": True})
        elif path == "/idempotent":
            key = self.headers.get("Idempotency-Key", "")
            if not key:
                raise HTTPError(400, "missing Idempotency-Key header")
            text = body.decode("utf-8", "replace")
            if self.server.ledger.deliver(key, text):
                self.send_json(201, {"key": key, "replayed": False, "body": text})
            else:
                self.send_json(200, {"key": key, "replayed": True})
        elif path == "/pages" or path == "/pages/result":
            self.require_method("GET")
            self.route_pages(query, "result" if path == "/pages/result" else "items")
        elif path == "/hold":
            # Counted, then held until /release?key= opens the key's gate: requests that overlap for sure.
            self.require_method("GET")
            key = self.str_param(query, "key")
            count = self.server.counters.increment(key)
            opened = self.server.holds.gate(key).wait(60)
            self.send_json(200 if opened else 504, {"key": key, "count": count})
        elif path == "/release":
            key = self.str_param(query, "key")
            self.server.holds.gate(key).set()
            self.send_json(200, {"key": key})
        elif path == "/idempotent-stats":
            self.require_method("GET")
            self.send_json(200, self.server.ledger.stats())
        elif path == "/bytes":
            self.require_method("GET")
            self.route_bytes(query)
        elif path == "/drop-midway":
            self.require_method("GET")
            self.route_drop_midway(query)
        elif path == "/whoami":
            self.require_method("GET")
            self.route_whoami(query)
        elif path in self.HOSTILE_ROUTES:
            self.require_method("GET")
            getattr(self, self.HOSTILE_ROUTES[path])(query)
        elif path.startswith("/stream/"):
            self.route_stream(path[len("/stream/"):], query)
        elif path == "/upload":
            self.require_method("POST")
            self.send_json(200, parse_multipart(body, self.headers.get("Content-Type", "")))
        elif path.startswith("/petstore/"):
            self.route_petstore(path[len("/petstore"):], query, body)
        elif path == "/roundtrip/scalars":
            self.route_round_trip(body)
        elif not self.route_convention_file(path):
            raise HTTPError(404, "no route for %s" % path)

    # MARK: - Routes

    def route_petstore(self, path: str, query: Dict[str, List[str]], body: bytes) -> None:
        """The pet store of Tests/HTGeneratedClientTests/Specs/petstore.openapi.yaml, stateless. Every
        response carries ``X-Seen``: the request as the server saw it (method, path, query, lower-cased
        headers, body text, and the parts of a multipart body), as ASCII JSON."""
        content_type = self.headers.get("Content-Type", "")
        seen: Dict[str, Any] = {
            "method": self.command,
            "path": path,
            "query": query,
            "headers": {name.lower(): value for name, value in self.headers.items()},
            "body": body.decode("utf-8", "replace"),
        }
        if content_type.startswith("multipart/"):
            seen["multipart"] = parse_multipart(body, content_type)
        headers = {"X-Seen": json.dumps(seen, sort_keys=True)}

        def pet(pet_id: int, kind: Dict[str, Any]) -> Dict[str, Any]:
            return {"id": pet_id, "name": "pet %d" % pet_id, "status": "available", "size": 2,
                    "birthday": "2020-02-29", "kind": kind, "owner": {"name": "Ann", "since": "2021-05-01T10:00:00Z"}}

        segments = [segment for segment in path.split("/") if segment]
        if segments == ["pets"] and self.command == "GET":
            self.send_json(200, [
                pet(1, {"petType": "cat", "huntingSkill": "lazy"}),
                pet(2, {"petType": "dog", "packSize": 3}),
                dict(pet(3, {"petType": "bird", "wingspan": 20}), status="adopted", size=7),
            ], headers)
        elif segments == ["pets"] and self.command == "POST":
            sent = json.loads(body.decode("utf-8")) if body else {}
            if not sent.get("name"):
                self.send_json(422, {"code": 422, "message": "a pet needs a name"}, headers)
            else:
                self.send_json(201, dict(sent, id=10), headers)
        elif len(segments) == 2 and segments[0] == "pets" and self.command == "GET":
            if segments[1] == "404":
                self.send_json(404, {"code": 404, "message": "no pet 404"}, headers)
            elif segments[1] == "500":
                self.send_body(500, b"boom", "text/plain", headers)
            elif segments[1] == "600":
                nameless = pet(600, {"petType": "cat"})
                del nameless["name"]
                self.send_json(200, nameless, headers)
            else:
                self.send_json(200, pet(int(segments[1]), {"petType": "cat"}), headers)
        elif len(segments) == 2 and segments[0] == "pets" and self.command == "DELETE":
            self.send_body(204, b"", JSON_TYPE, headers)
        elif len(segments) == 3 and segments[2] == "photo" and self.command == "PUT":
            self.send_json(200, pet(int(segments[1]), {"petType": "dog"}), headers)
        elif len(segments) == 3 and segments[2] == "notes" and self.command == "POST":
            self.send_body(204, b"", JSON_TYPE, headers)
        else:
            raise HTTPError(404, "no pet store route for %s %s" % (self.command, path))

    # What FastAPI answers for the round-trip model (json.dumps with ensure_ascii=False and compact
    # separators; pydantic 2's dates): every byte must come back unchanged. Written out, not made with
    # json.dumps here, so the bytes are exactly these whatever Python's version.
    ROUND_TRIP_SCALARS = (
        '{"text":"Zo\u00eb \\"q\\" \\\\ / \u4f60\u597d \u2028\u2029 \U0001F600 \\n\\t\\u001f \x7f",'
        '"day":"2026-11-28",'
        '"createdAt":"2026-11-28T10:20:30.123456Z",'
        '"updatedAt":"2026-11-28T10:20:30Z",'
        '"history":["2026-11-28T10:20:30.5Z","2026-11-28T10:20:30.000001Z","1999-12-31T23:59:59.999999Z",'
        '"2026-11-28T10:20:30.12Z","1970-01-01T00:00:00Z"],'
        '"count":-2147483648,"total":9223372036854775807,"plain":-9007199254740993,'
        '"serial":18446744073709551615,'
        '"ratio":0.30000000000000004,"weight":2.5e-07,"amount":1e+16,'
        '"price":1234567890.123456789,'
        '"active":true,'
        '"id":"3f2504e0-4f89-41d3-9a0c-0305e82c3301",'
        '"link":"https://example.com/a?b=1&c=%20",'
        '"blob":"+/8="}'
    ).encode("utf-8")

    def route_pages(self, query: Dict[str, List[str]], items_key: str = "items") -> None:
        """`total` items `{"id": i}`, `per` a page, by `scheme`: `cursor` (the next one in the body),
        `page` (numbered from 1), `offset`, or `link` (a `Link: <...>; rel="next"` header, to another
        origin with `elsewhere=1`). The body is `{"items": [...], "total": n, "next_cursor": ...}`, or
        with `bare=1` the items array alone. `/pages/result` names the items `result` (an NEI paging
        envelope, `ResultFragment {total, result}`)."""
        scheme = self.str_param(query, "scheme", "page")
        total = self.int_param(query, "total", default=10, maximum=100_000)
        per = self.int_param(query, "per", default=3, minimum=1, maximum=1000)
        if scheme == "cursor":
            start = int(self.str_param(query, "cursor", "0") or "0")
        elif scheme == "offset":
            start = self.int_param(query, "offset", default=0)
        else:
            start = (self.int_param(query, "page", default=1) - 1) * per
        items = [{"id": i} for i in range(start, min(start + per, total))]
        end = start + len(items)
        body: Dict[str, Any] = {items_key: items, "total": total}
        headers: Dict[str, str] = {}
        if scheme == "cursor":
            body["next_cursor"] = str(end) if end < total else None
        if scheme == "link" and end < total:
            host = "localhost" if self.str_param(query, "elsewhere", "") == "1" else "127.0.0.1"
            page = self.int_param(query, "page", default=1) + 1
            others = "&".join("%s=%s" % (k, v[0]) for k, v in sorted(query.items()) if k != "page")
            route = "/pages" if items_key == "items" else "/pages/result"
            headers["Link"] = '<http://%s:%d%s?%s&page=%d>; rel="next", <%s?page=1>; rel="first"' % (
                host, self.server.server_address[1], route, others, page, route)
        if self.str_param(query, "bare", "") == "1":
            self.send_json(200, items, headers)  # the items alone, as an array
            return
        self.send_json(200, body, headers)

    def route_round_trip(self, body: bytes) -> None:
        sent = self.ROUND_TRIP_SCALARS
        if self.command in ("GET", "HEAD"):
            self.send_body(200, sent)
        elif self.command == "PUT":
            seen = {"same": body == sent, "body": body.decode("utf-8", "replace"), "sent": sent.decode("utf-8")}
            self.send_body(200, body, JSON_TYPE, {"X-Seen": json.dumps(seen, sort_keys=True)})
        else:
            self.require_method("GET", "PUT")

    ETAG_LAST_MODIFIED = "Sun, 01 Nov 2026 00:00:00 GMT"

    def route_etag(self, query: Dict[str, List[str]]) -> None:
        key = self.str_param(query, "key")
        tag = '"%s"' % self.str_param(query, "tag", "v1")
        count = self.server.counters.increment(key)
        headers = {"ETag": tag, "Last-Modified": self.ETAG_LAST_MODIFIED}
        if_none_match = self.headers.get("If-None-Match")
        if if_none_match is not None:
            candidates = [candidate.strip() for candidate in if_none_match.split(",")]
            not_modified = tag in candidates or "*" in candidates
        else:
            not_modified = self.headers.get("If-Modified-Since") == self.ETAG_LAST_MODIFIED
        if not_modified:
            self.send_body(304, b"", JSON_TYPE, headers)
        else:
            self.send_json(200, {"tag": tag.strip('"'), "count": count}, headers)

    def route_whoami(self, query: Dict[str, List[str]]) -> None:
        count = self.server.counters.increment(self.str_param(query, "key"))
        headers = {}
        if "cache_control" in query:
            headers["Cache-Control"] = query["cache_control"][0]
        if "set_cookie" in query:
            headers["Set-Cookie"] = query["set_cookie"][0] + "; Path=/"
        if "vary" in query:
            headers["Vary"] = query["vary"][0]
        self.send_json(200, {"count": count, "authorization": self.headers.get("Authorization"),
                             "cookie": self.headers.get("Cookie"),
                             "access_token": query["access_token"][0] if "access_token" in query else None,
                             "tenant": self.headers.get("X-Tenant"),
                             "language": self.headers.get("Accept-Language")}, headers)

    def route_convention_file(self, path: str) -> bool:
        """Serves ``<method>_<path with / as _>.json`` from the fixtures folder, the file-name convention
        of HTNetworking's mock transport (GET /user/info -> get_user_info.json), so a folder of mock
        responses can also be served over real HTTP. Returns False when there is no such file."""
        if not self.server.fixtures:
            return False
        segments = [segment for segment in path.split("/") if segment]
        if any(segment in (".", "..") or "\\" in segment or "\0" in segment for segment in segments):
            return False
        name = "_".join([self.command.lower()] + segments) + ".json"
        full = os.path.join(self.server.fixtures, name)
        try:
            with open(full, "rb") as handle:
                data = handle.read()
        except (FileNotFoundError, IsADirectoryError):
            return False
        self.send_body(200, data)
        return True

    def route_echo(self, path: str, query: Dict[str, List[str]], body: bytes) -> None:
        headers: Dict[str, str] = {}
        for name, value in self.headers.items():
            key = name.lower()
            headers[key] = headers[key] + ", " + value if key in headers else value
        text = body.decode("utf-8", "replace")
        try:
            parsed: Any = json.loads(text) if body else None
        except ValueError:
            parsed = None
        content_type, _ = parse_header_params(self.headers.get("Content-Type", ""))
        form = None
        if content_type == "application/x-www-form-urlencoded":
            form = parse_qs(text, keep_blank_values=True)
        self.send_json(200, {
            "method": self.command,
            "path": path,
            "query": query,
            "headers": headers,
            "body": text,
            "json": parsed,
            "form": form,
        })

    def route_bearer(self, rest: str, query: Dict[str, List[str]], body: bytes) -> None:
        token, _, echoed = rest.partition("/")
        key = self.str_param(query, "key", "")
        if key:
            self.server.counters.increment(key)
        if self.headers.get("Authorization") != "Bearer " + token:
            self.send_json(401, {"status": 401, "message": "the bearer token is not %s" % token})
            return
        self.route_echo("/" + echoed, query, body)

    def route_status(self, code_text: str, query: Dict[str, List[str]], body: bytes) -> None:
        try:
            code = int(code_text)
        except ValueError:
            raise HTTPError(400, "status code must be an integer, got %r" % code_text)
        if not 200 <= code <= 599:
            raise HTTPError(400, "status code must be in 200...599")
        headers = {}
        if "retry_after" in query:
            headers["Retry-After"] = query["retry_after"][0]
        # `header=Name: value` (repeatable) adds a response header.
        for field in query.get("header", []):
            name, _, value = field.partition(":")
            if not name.strip():
                raise HTTPError(400, "header must be 'Name: value', got %r" % field)
            headers[name.strip()] = value.strip()
        content_type = self.str_param(query, "content_type", JSON_TYPE)
        if "body" in query:
            payload = query["body"][0].encode("utf-8")
        elif "echo_body" in query:
            payload = body
        else:
            payload = json.dumps({"status": code, "message": reason_phrase(code)}).encode("utf-8")
        self.send_body(code, payload, content_type, headers)

    def route_json(self, query: Dict[str, List[str]]) -> None:
        name = self.str_param(query, "file")
        if not name or "/" in name or "\\" in name or ".." in name or "\0" in name:
            raise HTTPError(400, "file must be a plain file name")
        if not self.server.fixtures:
            raise HTTPError(404, "the server was started without --fixtures")
        full = os.path.join(self.server.fixtures, name)
        try:
            with open(full, "rb") as handle:
                data = handle.read()
        except (FileNotFoundError, IsADirectoryError):
            raise HTTPError(404, "no fixture named %r" % name)
        self.send_body(200, data)

    def route_flaky(self, query: Dict[str, List[str]]) -> None:
        key = self.str_param(query, "key")
        fail = self.int_param(query, "fail", default=1)
        status = self.int_param(query, "status", default=503, minimum=400, maximum=599)
        count = self.server.counters.increment(key, self.headers.get("Idempotency-Key"))
        if count <= fail:
            headers = {"Retry-After": "0"} if status in (429, 503) else {}
            self.send_json(status, {"status": status, "message": reason_phrase(status), "attempts": count},
                           headers)
        else:
            self.send_json(200, {"attempts": count, "idempotency_keys": self.server.counters.idempotency_keys(key)})

    def route_bytes(self, query: Dict[str, List[str]]) -> None:
        size = self.int_param(query, "size")
        chunk = self.int_param(query, "chunk", default=65536, minimum=1, maximum=MAX_CHUNK)
        with_length = self.int_param(query, "length", default=1, minimum=0, maximum=1) == 1
        pace_ms = self.int_param(query, "pace_ms", default=0, minimum=0, maximum=1000)
        key = query.get("key", [None])[0]
        self.send_response(200)
        self.send_header("Content-Type", "application/octet-stream")
        for name in ("Accept", "Authorization"):
            if self.headers.get(name) is not None:
                self.send_header("X-Seen-" + name, self.headers.get(name))
        if with_length:
            self.send_header("Content-Length", str(size))
        else:
            # No length: the body ends when the connection closes.
            self.send_header("Connection", "close")
            self.close_connection = True
        self.end_headers()
        if self.command == "HEAD":
            return
        offset = 0
        while offset < size:
            length = min(chunk, size - offset)
            self.wfile.write(pattern_bytes(offset, length))
            self.wfile.flush()
            offset += length
            if key is not None:
                self.server.counters.increment(key)
            if pace_ms:
                time.sleep(pace_ms / 1000.0)

    # MARK: - Streams

    def start_stream(self, content_type: str, status: int = 200) -> None:
        """Headers of a body that ends when the connection closes."""
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Cache-Control", "no-cache")
        self.send_header("Connection", "close")
        self.close_connection = True
        self.end_headers()

    def drip(self, data: bytes) -> None:
        for index in range(len(data)):
            self.wfile.write(data[index:index + 1])
            self.wfile.flush()

    def route_stream(self, rest: str, query: Dict[str, List[str]]) -> None:
        if rest == "release":
            self.require_method("POST")
            self.server.streams.gate(self.str_param(query, "key")).set()
            self.send_json(200, {"released": True})
            return
        self.require_method("GET")
        if rest == "stats":
            self.send_json(200, self.server.streams.stats(self.str_param(query, "key")))
        elif rest == "sse":
            split = query.get("split", [None])[0]
            self.start_stream("text/event-stream; charset=utf-8")
            if split is None:
                self.drip(SSE_STREAM)
            else:
                at = int(split)
                self.wfile.write(SSE_STREAM[:at])
                self.wfile.flush()
                self.wfile.write(SSE_STREAM[at:])
                self.wfile.flush()
        elif rest == "prices":
            self.start_stream("text/event-stream")
            self.drip(b"".join(b'event: price\ndata: {"price": %d}\n\n' % i for i in range(1, 4)))
        elif rest in ("jsonl", "jsonl/ndjson", "jsonl/seq"):
            count = self.int_param(query, "count", default=3, minimum=0, maximum=10000)
            default = {"jsonl": "jsonl", "jsonl/ndjson": "ndjson", "jsonl/seq": "json-seq"}[rest]
            kind = self.str_param(query, "format", default=default)
            bad = self.int_param(query, "bad", default=-1, minimum=-1, maximum=10000)
            items = [json.dumps({"seq": i, "name": "item-%d" % i}).encode("utf-8") if i != bad else b"{nope"
                     for i in range(count)]
            if kind == "json-seq":
                self.start_stream("application/json-seq")
                self.drip(b"".join(b"\x1e" + item + b"\n" for item in items))
            else:
                self.start_stream("application/jsonl" if kind == "jsonl" else "application/x-ndjson")
                lines = []
                for index, item in enumerate(items):
                    lines.append(item + (b"\r\n" if index % 2 else b"\n"))
                    if index == 0:
                        lines.append(b"\n  \n")
                self.drip(b"".join(lines))
        elif rest == "gated":
            key = self.str_param(query, "key")
            self.start_stream("text/event-stream")
            self.wfile.write(b"data: first\n\n")
            self.wfile.flush()
            self.server.streams.gate(key).wait(timeout=30)
            self.wfile.write(b"data: second\n\n")
            self.wfile.flush()
        elif rest == "endless":
            self.stream_endless(query)
        elif rest == "drop":
            self.stream_drop(query)
        else:
            raise HTTPError(404, "no stream route %s" % rest)

    def stream_endless(self, query: Dict[str, List[str]]) -> None:
        key = self.str_param(query, "key", default="endless")
        size = self.int_param(query, "event_bytes", default=100, minimum=16, maximum=1 << 20)
        limit = self.int_param(query, "limit", default=0, minimum=0, maximum=1 << 40)
        kind = self.str_param(query, "format", default="sse")
        pace_us = self.int_param(query, "pace_us", default=0, minimum=0, maximum=1000000)
        self.server.streams.saw(key, self.headers.get("Last-Event-ID"))
        if kind == "jsonl":
            self.start_stream("application/jsonl")
            item = (b'{"seq": 0, "name": "' + b"x" * max(0, size - 23) + b'"}\n')
        else:
            self.start_stream("text/event-stream")
            item = b"data: " + b"x" * max(0, size - 8) + b"\n\n"
        batch = item * max(1, 65536 // len(item))
        written = 0
        try:
            while limit == 0 or written < limit:
                chunk = batch if limit == 0 else batch[:limit - written]
                self.wfile.write(chunk)
                self.wfile.flush()
                written += len(chunk)
                self.server.streams.wrote(key, len(chunk))
                if pace_us:
                    time.sleep(pace_us / 1e6)
        except (BrokenPipeError, ConnectionResetError):
            self.server.streams.close(key)
            raise

    def stream_drop(self, query: Dict[str, List[str]]) -> None:
        key = self.str_param(query, "key")
        last = self.headers.get("Last-Event-ID")
        self.server.streams.saw(key, last)
        if last == "4":
            self.send_body(204, b"")
            return
        self.start_stream("text/event-stream")
        if last == "2":
            self.wfile.write(b"id: 3\ndata: three\n\nid: 4\ndata: four\n\n")
            self.wfile.flush()
            return
        self.wfile.write(b"retry: 10\n\nid: 1\ndata: one\n\nid: 2\ndata: two\n\nid: 3\ndata: thr")
        self.wfile.flush()
        # The connection closes in the middle of event 3 (cleanly: a reset could discard events 1 and 2
        # before the client reads them).

    # MARK: - Hostile routes (they misbehave on purpose)

    HOSTILE_ROUTES = {
        "/short-body": "route_short_body",
        "/drip": "route_drip",
        "/many-headers": "route_many_headers",
        "/redirect-loop": "route_redirect_loop",
        "/basic-auth": "route_basic_auth",
        "/gzip": "route_gzip",
        "/truncated-headers": "route_truncated_headers",
        "/length-text": "route_length_text",
        "/obs-text-header": "route_obs_text_header",
        "/gzip-bomb": "route_gzip_bomb",
    }

    def route_short_body(self, query: Dict[str, List[str]]) -> None:
        declared = self.int_param(query, "declared", minimum=1)
        actual = self.int_param(query, "actual", minimum=0, maximum=declared - 1)
        self.send_response(200)
        self.send_header("Content-Type", "application/octet-stream")
        self.send_header("Content-Length", str(declared))
        self.end_headers()
        self.wfile.write(pattern_bytes(0, actual))
        self.wfile.flush()
        self.close_connection = True
        self.connection.shutdown(socket.SHUT_WR)  # a clean FIN, short of the declared length

    def route_drip(self, query: Dict[str, List[str]]) -> None:
        count = self.int_param(query, "bytes", minimum=1, maximum=60)
        interval = self.int_param(query, "interval_ms", default=1000, minimum=1, maximum=5000)
        key = query.get("key", [None])[0]
        self.send_response(200)
        self.send_header("Content-Type", "application/octet-stream")
        self.send_header("Content-Length", str(count))
        self.end_headers()
        self.wfile.flush()
        for index in range(count):
            time.sleep(interval / 1000.0)
            self.wfile.write(pattern_bytes(index, 1))
            self.wfile.flush()
            if key is not None:
                self.server.counters.increment(key)

    def route_many_headers(self, query: Dict[str, List[str]]) -> None:
        count = self.int_param(query, "count", minimum=0, maximum=5000)
        self.send_json(200, {"count": count}, {"X-Header-%d" % index: "value-%d" % index for index in range(count)})

    def route_redirect_loop(self, query: Dict[str, List[str]]) -> None:
        key = self.str_param(query, "key")
        hops = self.server.counters.increment(key)
        target = "/redirect-loop?key=" + key
        self.send_json(302, {"hops": hops}, {"Location": target})

    def route_basic_auth(self, query: Dict[str, List[str]]) -> None:
        user = self.str_param(query, "user")
        password = self.str_param(query, "password")
        size = self.int_param(query, "size", default=1000, minimum=0, maximum=MAX_CHUNK)
        expected = "Basic " + base64.b64encode(("%s:%s" % (user, password)).encode("utf-8")).decode("ascii")
        if self.headers.get("Authorization") != expected:
            self.send_json(401, {"status": 401, "message": "credentials required"},
                           {"WWW-Authenticate": 'Basic realm="htnetworking"'})
            return
        self.send_body(200, pattern_bytes(0, size), "application/octet-stream")

    def route_gzip(self, query: Dict[str, List[str]]) -> None:
        count = self.int_param(query, "count", minimum=0, maximum=1_000_000)
        payload = gzip.compress(json.dumps({"items": list(range(count))}).encode("utf-8"))
        if "corrupt" in query:
            middle = len(payload) // 2
            payload = payload[:middle] + bytes(byte ^ 0xFF for byte in payload[middle:middle + 16]) + payload[middle + 16:]
        self.send_body(200, payload, JSON_TYPE, {"Content-Encoding": "gzip"})

    def route_truncated_headers(self, query: Dict[str, List[str]]) -> None:
        cut = self.str_param(query, "cut", "status")
        if cut not in ("status", "header"):
            raise HTTPError(400, "cut must be status or header")
        head = b"HTTP/1.1 200 OK\r\n"
        if cut == "header":
            head += b"Content-Type: application/json\r\nX-Half: val"
        self.wfile.write(head)
        self.wfile.flush()
        self.close_connection = True
        self.connection.shutdown(socket.SHUT_WR)  # a clean FIN before the empty line that ends the header

    def route_length_text(self, query: Dict[str, List[str]]) -> None:
        declared = self.str_param(query, "declared")
        if not declared or any(ch in declared for ch in "\r\n\0"):
            raise HTTPError(400, "declared must be one line of text")
        actual = self.int_param(query, "actual", minimum=0, maximum=MAX_CHUNK)
        self.send_response(200)
        self.send_header("Content-Type", "application/octet-stream")
        self.send_header("Content-Length", declared)
        self.end_headers()
        self.wfile.write(pattern_bytes(0, actual))
        self.wfile.flush()
        self.close_connection = True
        self.connection.shutdown(socket.SHUT_WR)

    def route_obs_text_header(self, query: Dict[str, List[str]]) -> None:
        # send_header encodes as Latin-1: U+00E9 goes out as the single byte 0xE9.
        self.send_json(200, {"ok": True}, {"X-Name": "caf\u00e9"})

    GZIP_BOMBS: Dict[int, bytes] = {}
    GZIP_BOMBS_LOCK = threading.Lock()

    @staticmethod
    def gzip_bomb(mebibytes: int) -> bytes:
        """A gzip member that decodes to ``mebibytes`` MiB of zero bytes, made without compressing them all:
        one MiB of zeros is deflated once and ended with a full flush (which resets the compressor), so the
        same deflate blocks can be repeated; then an empty final block and the gzip trailer."""
        zeros = bytes(1 << 20)
        compressor = zlib.compressobj(9, zlib.DEFLATED, -zlib.MAX_WBITS)  # raw deflate
        block = compressor.compress(zeros) + compressor.flush(zlib.Z_FULL_FLUSH)
        final = compressor.flush(zlib.Z_FINISH)
        crc = 0
        for _ in range(mebibytes):
            crc = zlib.crc32(zeros, crc)
        header = b"\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\xff"  # magic, deflate, no flags, no mtime, unknown OS
        trailer = struct.pack("<II", crc, (mebibytes << 20) & 0xFFFFFFFF)
        return header + block * mebibytes + final + trailer

    def route_gzip_bomb(self, query: Dict[str, List[str]]) -> None:
        mebibytes = self.int_param(query, "decoded_mib", minimum=1, maximum=4096)
        with Handler.GZIP_BOMBS_LOCK:
            payload = Handler.GZIP_BOMBS.get(mebibytes)
            if payload is None:
                payload = Handler.gzip_bomb(mebibytes)
                Handler.GZIP_BOMBS[mebibytes] = payload
        self.send_body(200, payload, "application/octet-stream", {"Content-Encoding": "gzip"})

    def route_drop_midway(self, query: Dict[str, List[str]]) -> None:
        size = self.int_param(query, "size", minimum=2)
        self.send_response(200)
        self.send_header("Content-Type", "application/octet-stream")
        self.send_header("Content-Length", str(size))
        self.end_headers()
        self.wfile.write(pattern_bytes(0, size // 2))
        self.wfile.flush()
        # Give the client a moment to receive the headers and first half, then reset the connection:
        # SO_LINGER with a zero timeout makes close() send RST instead of FIN.
        time.sleep(0.05)
        self.close_connection = True
        self.connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        os.close(self.connection.detach())


def watch_stdin(server: LoopbackServer) -> None:
    """Shuts the server down once stdin reaches end of file (the launching process went away)."""
    # Read the raw descriptor: a daemon thread blocked inside sys.stdin's buffered reader would hold its
    # lock and make interpreter shutdown abort.
    try:
        while os.read(0, 65536):
            pass
    except OSError:
        return  # no usable stdin (e.g. closed): nothing to watch
    if VERBOSE:
        sys.stderr.write("[test_server] stdin closed, shutting down\n")
    server.shutdown()


def main(argv: Optional[List[str]] = None) -> int:
    parser = argparse.ArgumentParser(description="Loopback HTTP server for the HTNetworking tests.")
    parser.add_argument("--port", type=int, default=0, help="port to bind on 127.0.0.1 (default: any free port)")
    parser.add_argument("--fixtures", default=None, help="folder served by GET /json?file=NAME")
    parser.add_argument("--reuse-port", action="store_true",
                        help="bind with SO_REUSEPORT, beside a socket that holds the port for the tests")
    parser.add_argument("--ignore-stdin", action="store_true",
                        help="do not exit when stdin reaches end of file")
    args = parser.parse_args(argv)

    fixtures = os.path.abspath(args.fixtures) if args.fixtures else None
    if fixtures is not None and not os.path.isdir(fixtures):
        parser.error("--fixtures %s is not a folder" % fixtures)

    server = LoopbackServer(("127.0.0.1", args.port), fixtures, reuse_port=args.reuse_port)

    def stop(_signum: int, _frame: Any) -> None:
        # shutdown() blocks until serve_forever() returns, and serve_forever() runs on this (main) thread.
        threading.Thread(target=server.shutdown, daemon=True).start()

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    if not args.ignore_stdin:
        threading.Thread(target=watch_stdin, args=(server,), daemon=True, name="stdin-watch").start()

    print("PORT %d" % server.server_address[1], flush=True)
    try:
        server.serve_forever(poll_interval=0.05)
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
