#!/usr/bin/env python3
"""Wirebench sidecar for the toy lab protocol (toy://host:port), in Python with the standard library only.

This is the reference for writing a sidecar in any language. The workbench starts this program (argv, no shell, cwd
this directory, only WORKBENCH_* variables plus PATH/HOME/LANG/TMPDIR) and speaks JSON-RPC 2.0 with it:

  stdio (default)   one JSON object per line on stdin (from the host) and stdout (to the host); logs go to stderr.
  --http PORT       POST / carries a request, the reply is the response body (204 for a notification);
                    GET / (Accept: text/event-stream) carries the notifications, one per `data:` event.

Requests: initialize, ping, shutdown, discover, invoke, invokeStream, openChannel, channel.send, channel.close.
Notifications to the host: $/stream/data, $/stream/end, $/channel/data, $/channel/closed.
Notifications from the host: $/cancelRequest {id}, $/stream/cancel {streamId}.
Errors carry `data: {"code": <workbench code>, "hint": ...}` (upstream_unreachable, not_found, invalid_request...).
Metadata keys starting with __workbench are transport markers (mTLS, trust...): apply them, never send them on.
"""

import json
import os
import queue
import socket
import sys
import threading
import urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

PROTOCOL_ID = "toy"
PROTOCOL_NAME = "Toy lab"
CONTRACT_VERSION = 1
CONNECT_TIMEOUT_S = 5

# Toy types -> workbench field types; toy call kinds -> method types.
FIELD_TYPES = {"string": "string", "int": "int64", "bool": "bool", "object": "json"}
METHOD_TYPES = {"unary": "Unary", "server": "ServerStreaming", "client": "ClientStreaming", "duplex": "Duplex"}


def log(message):
    sys.stderr.write(f"toy-sidecar: {message}\n")
    sys.stderr.flush()


class SidecarError(Exception):
    """An error the workbench shows as a problem: `code` is one of the workbench's error codes."""

    def __init__(self, code, message, hint=None):
        super().__init__(message)
        self.code = code
        self.hint = hint


# ---------------------------------------------------------------------------------------------------------------
# Output: stdout (stdio) or the event stream (http). Writes are serialised: threads answer and stream concurrently.


class Output:
    def __init__(self):
        self.lock = threading.Lock()
        self.subscribers = []  # http: one queue per open event stream
        self.http = False

    def send(self, message):
        line = json.dumps(message, separators=(",", ":"))
        if self.http:
            with self.lock:
                for subscriber in self.subscribers:
                    subscriber.put(line)
            return
        with self.lock:
            sys.stdout.write(line + "\n")
            sys.stdout.flush()

    def notify(self, method, params):
        self.send({"jsonrpc": "2.0", "method": method, "params": params})


OUT = Output()


# ---------------------------------------------------------------------------------------------------------------
# The toy protocol: one TCP connection per call, one JSON object per line each way.


def toy_address(server_url):
    """(host, port) of a toy:// URL, or None when the URL is not one this sidecar speaks."""
    parts = urllib.parse.urlsplit(server_url)
    if parts.scheme != "toy" or not parts.hostname or not parts.port:
        return None
    return parts.hostname, parts.port


class ToyConnection:
    def __init__(self, server_url):
        address = toy_address(server_url)
        if address is None:
            raise SidecarError("invalid_request", f"{server_url} is not a toy:// address.")
        try:
            self.sock = socket.create_connection(address, timeout=CONNECT_TIMEOUT_S)
        except OSError as error:
            raise SidecarError(
                "upstream_unreachable",
                f"The toy server at {address[0]}:{address[1]} cannot be reached: {error.strerror or error}.",
                hint="Check that the toy lab is running (npm start runs one) and the address is right.",
            )
        self.sock.settimeout(None)
        self.reader = self.sock.makefile("r", encoding="utf-8")
        self.write_lock = threading.Lock()

    def send(self, value):
        with self.write_lock:
            self.sock.sendall((json.dumps(value) + "\n").encode("utf-8"))

    def receive(self):
        line = self.reader.readline()
        if not line:
            raise SidecarError("upstream_error", "The toy server closed the connection.")
        return json.loads(line)

    def close(self):
        try:
            self.sock.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass
        self.sock.close()


def wire_headers(metadata):
    """Headers for the toy server: every metadata key except the workbench's transport markers."""
    return {k: v for k, v in (metadata or {}).items() if not k.lower().startswith("__workbench")}


def open_call(params):
    connection = ToyConnection(params["serverUrl"])
    messages = [json.loads(text) for text in params.get("jsonMessages") or []]
    connection.send(
        {
            "op": "call",
            "service": params["service"],
            "method": params["method"],
            "headers": wire_headers(params.get("metadata")),
            "body": messages[0] if messages else {},
        }
    )
    return connection, messages


def unknown_method(reply, params):
    if reply.get("status") == "Unimplemented":
        raise SidecarError("not_found", reply.get("message") or f"No method {params['service']}/{params['method']}.")


# ---------------------------------------------------------------------------------------------------------------
# Cancellation: the host announces abandoned requests and streams; closing the call's socket stops its thread.


class Cancels:
    def __init__(self):
        self.lock = threading.Lock()
        self.connections = {}

    def register(self, key, connection):
        with self.lock:
            self.connections[key] = connection

    def forget(self, key):
        with self.lock:
            self.connections.pop(key, None)

    def cancel(self, key):
        with self.lock:
            connection = self.connections.pop(key, None)
        if connection:
            connection.close()


CANCELS = Cancels()
CHANNELS = {}


# ---------------------------------------------------------------------------------------------------------------
# The methods.


def describe_field(field, number):
    described = {
        "name": field["name"],
        "number": number,
        "type": FIELD_TYPES.get(field.get("type"), "string"),
        "label": "optional",
        "isRepeated": False,
        "isMap": False,
        "required": False,
        "isBinary": False,
        "description": field.get("description", ""),
    }
    # Examples come from the server: the workbench fills them in literally, never as ${variables}.
    if "example" in field:
        described["example"] = field["example"]
    return described


def describe_service(service):
    methods = []
    for method in service.get("methods", []):
        name = method["name"]
        methods.append(
            {
                "name": name,
                "fullName": f"toy.{service['name']}.{name}",
                "methodType": METHOD_TYPES.get(method.get("kind"), "Unary"),
                "description": method.get("description", ""),
                "deprecated": False,
                "inputType": {
                    "name": f"{name}Request",
                    "fullName": f"toy.{name}Request",
                    "fields": [describe_field(f, i + 1) for i, f in enumerate(method.get("input", []))],
                },
                "outputType": {
                    "name": f"{name}Reply",
                    "fullName": f"toy.{name}Reply",
                    "fields": [describe_field(f, i + 1) for i, f in enumerate(method.get("output", []))],
                },
            }
        )
    return {
        "name": service["name"],
        "package": "toy",
        "source": PROTOCOL_ID,
        "description": service.get("description", ""),
        "isUploaded": False,
        "protocol": PROTOCOL_ID,
        "methods": methods,
    }


def discover(params, request_id):
    # Not a toy:// address: not ours, and nothing is sent anywhere.
    if toy_address(params["serverUrl"]) is None:
        return []
    connection = ToyConnection(params["serverUrl"])
    CANCELS.register(request_id, connection)
    try:
        connection.send({"op": "describe"})
        reply = connection.receive()
    finally:
        CANCELS.forget(request_id)
        connection.close()
    return [describe_service(s) for s in reply.get("services", [])]


def invoke(params, request_id):
    connection, messages = open_call(params)
    CANCELS.register(request_id, connection)
    try:
        reply = connection.receive()
        unknown_method(reply, params)
        if reply.get("ready"):
            # A client stream (or duplex) called as a batch: every message, then the replies.
            for message in messages:
                connection.send({"op": "send", "body": message})
            connection.send({"op": "close"})
            responses = []
            while True:
                line = connection.receive()
                if "data" in line:
                    responses.append(line["data"])
                if line.get("end"):
                    status = line.get("status", "OK")
                    return {"response": responses[-1] if responses else {}, "responses": responses, "status": status}
        if reply.get("ok"):
            return {"response": reply.get("body", {}), "status": "OK", "metadata": {"toy-server": "toy-lab"}}
        # An error the server returned is a result with its status, not a failure of the sidecar.
        return {
            "response": {"error": reply.get("message", "")},
            "status": reply.get("status", "Unknown"),
            "statusMessage": reply.get("message", ""),
            "metadata": {},
        }
    finally:
        CANCELS.forget(request_id)
        connection.close()


def pump(connection, key, on_data, on_end):
    """Relays a call's data lines until its end line; a closed socket (a cancel) ends it quietly."""
    try:
        while True:
            line = connection.receive()
            if "data" in line:
                on_data(line["data"])
            if line.get("end"):
                status = line.get("status", "OK")
                on_end(None if status == "OK" else line.get("message", status), status)
                return
    except (SidecarError, OSError, ValueError) as error:
        if CANCELS.connections.get(key) is connection:
            on_end(str(error), "Unavailable")
    finally:
        CANCELS.forget(key)
        connection.close()


def invoke_stream(params, request_id):
    stream_id = params["streamId"]
    connection, _ = open_call(params)
    CANCELS.register(("stream", stream_id), connection)
    threading.Thread(
        target=pump,
        args=(
            connection,
            ("stream", stream_id),
            lambda data: OUT.notify("$/stream/data", {"streamId": stream_id, "message": data}),
            lambda error, status: OUT.notify("$/stream/end", {"streamId": stream_id, "error": error, "status": status}),
        ),
        daemon=True,
    ).start()
    return {}


def open_channel(params, request_id):
    channel_id = params["channelId"]
    connection, messages = open_call(params)
    reply = connection.receive()
    unknown_method(reply, params)
    if not reply.get("ready"):
        connection.close()
        raise SidecarError("invalid_request", f"{params['method']} is not a client-streaming or duplex method.")
    CANCELS.register(("channel", channel_id), connection)
    CHANNELS[channel_id] = connection
    for message in messages:
        connection.send({"op": "send", "body": message})

    def closed(error, status):
        CHANNELS.pop(channel_id, None)
        OUT.notify("$/channel/closed", {"channelId": channel_id, "error": error, "status": status})

    threading.Thread(
        target=pump,
        args=(
            connection,
            ("channel", channel_id),
            lambda data: OUT.notify("$/channel/data", {"channelId": channel_id, "message": data}),
            closed,
        ),
        daemon=True,
    ).start()
    return {}


def channel_send(params, request_id):
    connection = CHANNELS.get(params["channelId"])
    if connection is None:
        return False
    connection.send({"op": "send", "body": json.loads(params["jsonMessage"])})
    return True


def channel_close(params, request_id):
    channel_id = params["channelId"]
    if params.get("cancel"):
        CHANNELS.pop(channel_id, None)
        CANCELS.cancel(("channel", channel_id))
    elif channel_id in CHANNELS:
        CHANNELS[channel_id].send({"op": "close"})
    return {}


def initialize(params, request_id):
    return {
        "id": PROTOCOL_ID,
        "name": PROTOCOL_NAME,
        "protocolVersion": CONTRACT_VERSION,
        "capabilities": {"serverStreaming": True, "channels": True},
    }


METHODS = {
    "initialize": initialize,
    "ping": lambda params, request_id: {},
    "discover": discover,
    "invoke": invoke,
    "invokeStream": invoke_stream,
    "openChannel": open_channel,
    "channel.send": channel_send,
    "channel.close": channel_close,
}

NOTIFICATIONS = {
    "$/cancelRequest": lambda params: CANCELS.cancel((params or {}).get("id")),
    "$/stream/cancel": lambda params: CANCELS.cancel(("stream", (params or {}).get("streamId"))),
}


# ---------------------------------------------------------------------------------------------------------------
# JSON-RPC dispatch, shared by both transports.


def error_response(request_id, code, message, data=None):
    error = {"code": code, "message": message}
    if data:
        error["data"] = data
    return {"jsonrpc": "2.0", "id": request_id, "error": error}


def handle(message, on_shutdown):
    """Answers one JSON-RPC message; returns the response (None for a notification)."""
    if not isinstance(message, dict) or message.get("jsonrpc") != "2.0" or "method" not in message:
        return error_response(message.get("id") if isinstance(message, dict) else None, -32600, "Invalid Request")
    method, params, request_id = message["method"], message.get("params") or {}, message.get("id")
    if request_id is None:
        handler = NOTIFICATIONS.get(method)
        if handler:
            handler(params)
        return None
    if method == "shutdown":
        on_shutdown()
        return {"jsonrpc": "2.0", "id": request_id, "result": {}}
    handler = METHODS.get(method)
    if handler is None:
        return error_response(request_id, -32601, "Method not found")
    try:
        return {"jsonrpc": "2.0", "id": request_id, "result": handler(params, request_id)}
    except SidecarError as error:
        data = {"code": error.code}
        if error.hint:
            data["hint"] = error.hint
        return error_response(request_id, -32000, str(error), data)
    except Exception as error:  # a bug here must not take the sidecar down
        log(f"{method} failed: {error!r}")
        return error_response(request_id, -32603, f"{method} failed: {error}")


def run_stdio():
    stopping = threading.Event()

    def answer(message):
        response = handle(message, stopping.set)
        if response is not None:
            OUT.send(response)
        if stopping.is_set():
            sys.stdout.flush()
            # Daemon threads (open calls) end with the process.
            os._exit(0)

    for line in sys.stdin:
        line = line.strip()
        if not line:
            continue
        try:
            message = json.loads(line)
        except ValueError:
            log("skipped a line that is not JSON")
            continue
        # Calls run side by side: a slow one never holds up a ping or a cancel.
        if isinstance(message, dict) and message.get("id") is None:
            answer(message)
        else:
            threading.Thread(target=answer, args=(message,), daemon=True).start()
    # stdin closed: the workbench is gone.


class HttpHandler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, fmt, *args):
        pass

    def do_POST(self):
        length = int(self.headers.get("content-length") or 0)
        try:
            message = json.loads(self.rfile.read(length))
        except ValueError:
            self.reply(400, error_response(None, -32700, "Parse error"))
            return
        response = handle(message, lambda: None)
        if response is None:
            self.send_response(204)
            self.send_header("content-length", "0")
            self.end_headers()
        else:
            self.reply(200, response)

    def reply(self, status, body):
        data = json.dumps(body).encode("utf-8")
        self.send_response(status)
        self.send_header("content-type", "application/json")
        self.send_header("content-length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def do_GET(self):
        if "text/event-stream" not in (self.headers.get("accept") or ""):
            self.reply(406, {"error": "GET / streams notifications: ask for text/event-stream."})
            return
        subscriber = queue.Queue()
        with OUT.lock:
            OUT.subscribers.append(subscriber)
        self.send_response(200)
        self.send_header("content-type", "text/event-stream")
        self.send_header("cache-control", "no-cache")
        self.end_headers()
        try:
            self.wfile.write(b": connected\n\n")
            self.wfile.flush()
            while True:
                try:
                    line = subscriber.get(timeout=15)
                    self.wfile.write(f"data: {line}\n\n".encode("utf-8"))
                except queue.Empty:
                    self.wfile.write(b": keep-alive\n\n")
                self.wfile.flush()
        except OSError:
            pass
        finally:
            with OUT.lock:
                OUT.subscribers.remove(subscriber)


def run_http(port):
    OUT.http = True
    server = ThreadingHTTPServer(("127.0.0.1", port), HttpHandler)
    server.daemon_threads = True
    # The one line on stdout in http mode: where to find us.
    print(f"listening on http://127.0.0.1:{server.server_address[1]}/", flush=True)
    server.serve_forever()


if __name__ == "__main__":
    if "--http" in sys.argv:
        run_http(int(sys.argv[sys.argv.index("--http") + 1]))
    else:
        run_stdio()
