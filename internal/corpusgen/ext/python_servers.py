# Drives uvicorn and gunicorn for internal/corpusgen. Both servers log
# through the logging module with handlers of their own; every record a
# handler writes is reported ({"lines", "format", "level", "call"}) to the
# file $CORPUSGEN_REPORT, its level the level of the logging call the
# server made (record.levelno), never read back from the output. gunicorn's
# master and worker both write: a lock keeps each write and its report
# together. It is a POSIX record lock (lockf), held per process: a flock
# lock belongs to the open file description, which the forked worker
# shares with the master, so under flock both held it at once and a
# record's report could land after the other process's record.
import fcntl
import http.client
import json
import logging
import os
import signal
import socket
import sys
import threading
import time

report = open(os.environ["CORPUSGEN_REPORT"], "a")
LEVEL = {5: "debug", logging.DEBUG: "debug", logging.INFO: "info", logging.WARNING: "warning",
         logging.ERROR: "error", logging.CRITICAL: "critical"}


def count(s):
    return s.count("\n")


emit = logging.StreamHandler.emit


def reporting_emit(self, record):
    # StreamHandler.emit writes the formatted record and a newline in one
    # call; the lines are those of the formatted text (traceback included).
    fcntl.lockf(report, fcntl.LOCK_EX)
    try:
        text = self.format(record)
        emit(self, record)
        self.flush()
        report.write(json.dumps({"lines": count(text) + 1, "format": "python", "level": LEVEL[record.levelno],
                                 "call": "%s %s" % (record.name, record.levelname.lower())}) + "\n")
        report.flush()
    finally:
        fcntl.lockf(report, fcntl.LOCK_UN)


logging.StreamHandler.emit = reporting_emit


def get(port, path):
    c = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    c.request("GET", path)
    c.getresponse().read()
    c.close()


def garbage(port):
    s = socket.create_connection(("127.0.0.1", port))
    s.sendall(b"NOT HTTP AT ALL\r\n\r\n")
    try:
        s.recv(100)
    except OSError:
        pass
    s.close()


def wait_port(port):
    for _ in range(100):
        try:
            socket.create_connection(("127.0.0.1", port)).close()
            return
        except OSError:
            time.sleep(0.05)


def uvicorn_main(port):
    import copy
    import uvicorn
    from uvicorn.config import LOGGING_CONFIG

    async def app(scope, receive, send):
        if scope["type"] == "lifespan":
            while True:
                m = await receive()
                if m["type"] == "lifespan.startup":
                    await send({"type": "lifespan.startup.complete"})
                elif m["type"] == "lifespan.shutdown":
                    await send({"type": "lifespan.shutdown.complete"})
                    return
        if scope["path"] == "/boom":
            raise RuntimeError("database connection lost")
        await send({"type": "http.response.start", "status": 200, "headers": []})
        await send({"type": "http.response.body", "body": b"ok"})

    # uvicorn writes its access log to stdout and the rest to stderr; a
    # container's log has both, and so does this stream.
    cfg = copy.deepcopy(LOGGING_CONFIG)
    cfg["handlers"]["access"]["stream"] = "ext://sys.stderr"
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_config=cfg, log_level="trace"))

    def client():
        wait_port(port)
        time.sleep(0.2)
        get(port, "/")
        get(port, "/boom")
        garbage(port)
        time.sleep(0.2)
        server.should_exit = True
    threading.Thread(target=client, daemon=True).start()
    server.run()


def gunicorn_main(port):
    from gunicorn.app.wsgiapp import run

    def client():
        wait_port(port)
        time.sleep(0.3)
        get(port, "/")
        try:
            get(port, "/boom")
        except Exception:
            pass
        try:
            get(port, "/slow")  # longer than --timeout: the master kills the worker
        except Exception:
            pass
        time.sleep(1.5)
        os.kill(os.getpid(), signal.SIGTERM)
    threading.Thread(target=client, daemon=True).start()
    sys.argv = ["gunicorn", "--bind", "127.0.0.1:%d" % port, "--workers", "1", "--timeout", "1",
                "--log-level", "debug", "wsgi_app:app"]
    run()


def free_port():
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    p = s.getsockname()[1]
    s.close()
    return p


if __name__ == "__main__":
    {"uvicorn": uvicorn_main, "gunicorn": gunicorn_main}[sys.argv[1]](free_port())
